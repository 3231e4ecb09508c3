/**
 * The selector of an element in its document, as the capture script computes it and as tests
 * check it: the nearest ancestor (or the element) with an id unique in its document anchors it;
 * below it, each step is `tag:nth-of-type(n)`, which survives another page's different text
 * and classes as long as the structure is the same (followers load the same page). Without an
 * id the chain starts at `:root`. Written as page source: it runs in the isolated world.
 */
export const elementPathSource = String.raw`
  function elementPath(el) {
    var doc = el.ownerDocument;
    var parts = [];
    while (el && el.nodeType === 1 && el !== doc.documentElement) {
      if (el.id && /^[A-Za-z][\w-]*$/.test(el.id) && doc.querySelectorAll('#' + el.id).length === 1) {
        parts.unshift('#' + el.id);
        return parts.join(' > ');
      }
      var n = 1;
      for (var s = el.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === el.localName) n++;
      parts.unshift(el.localName + ':nth-of-type(' + n + ')');
      el = el.parentElement;
    }
    parts.unshift(':root');
    return parts.join(' > ');
  }
`;
