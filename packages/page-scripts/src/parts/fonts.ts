/**
 * Fonts: with a custom list, the machine's fonts that are not on it are absent wherever a script
 * can name a local font and read the answer back:
 *  - new FontFace(family, 'local("X")') (windows and workers): X off the list loads as a font
 *    that does not exist does (NetworkError, status "error");
 *  - a 2D canvas (and OffscreenCanvas in workers): a family off the list in ctx.font is drawn and
 *    measured (measureText) with the fallback, while ctx.font reads back what the page set;
 *  - queryLocalFonts() (after the user allowed it) lists only fonts on the list.
 * Generic families and the page's own web fonts (those in document.fonts / self.fonts) are kept.
 *
 * document.fonts.check() is left alone on purpose: Chromium answers true for every local family,
 * installed or not (check('12px "NoSuchFont"') is true), so it tells a page nothing about the
 * machine; answering false would itself show that something is hiding fonts.
 *
 * Fonts the list names but the machine lacks stay absent (nothing here can draw them). DOM
 * layout (an element's width in a family) is out of a script's reach: on Linux the agent gives
 * the browser a fontconfig that keeps only the list and the fonts text falls back to
 * (apps/agent/src/browser/machine/fontConfig.ts).
 */
export const fonts = String.raw`
  if (options.fonts) {
    var allowedFonts = options.fonts.map(function (name) { return name.toLowerCase().replace(/\s+/g, ''); });
    /** On the list: the family itself, or one of its faces by full or PostScript name ("Arial Bold", "Arial-BoldMT"). */
    var isListedFont = function (name) {
      var key = String(name).toLowerCase().replace(/\s+/g, '');
      for (var i = 0; i < allowedFonts.length; i += 1) if (allowedFonts[i] && key.indexOf(allowedFonts[i]) === 0) return true;
      return false;
    };
    /** A family no machine has: what an unlisted font is turned into. */
    var absentFamily = 'zz-absent-font';
    var construct = Reflect.construct;

    var localSource = /local\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)]*?))\s*\)/gi;
    replaceConstructor('FontFace', function (target, args, newTarget) {
      var source = args[1];
      if (typeof source === 'string' || source instanceof String) {
        args = Array.prototype.slice.call(args);
        args[1] = String(source).replace(localSource, function (all, doubleQuoted, singleQuoted, bare) {
          var name = doubleQuoted !== undefined ? doubleQuoted : singleQuoted !== undefined ? singleQuoted : bare;
          return isListedFont(name.trim()) ? all : 'local("' + absentFamily + '")';
        });
      }
      return construct(target, args, newTarget);
    });

    var genericFamilies = ['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'ui-serif', 'ui-sans-serif', 'ui-monospace', 'ui-rounded', 'math', 'emoji', 'fangsong', '-webkit-body', '-webkit-pictograph'];
    var faceFamily = getterOf(scope.FontFace, 'family');
    var fontSetForEach = scope.FontFaceSet && scope.FontFaceSet.prototype.forEach;
    var fontSetSize = getterOf(scope.FontFaceSet, 'size');
    var unquote = function (family) {
      var text = family.trim();
      if (/^(".*"|'.*')$/.test(text)) text = text.slice(1, -1).replace(/\\(.)/g, '$1');
      return text;
    };
    var fontSet = function () { return scope.document ? scope.document.fonts : scope.fonts; };
    /** The page's own web fonts by family: never hidden. */
    var webFamilies = function () {
      var names = {};
      var set = fontSet();
      if (set && fontSetForEach && faceFamily) fontSetForEach.call(set, function (face) { names[unquote(faceFamily.call(face)).toLowerCase()] = true; });
      return names;
    };
    var splitFamilies = function (text) {
      var parts = [];
      var current = '';
      var quote = '';
      for (var i = 0; i < text.length; i += 1) {
        var c = text[i];
        if (quote) {
          if (c === '\\') { current += c + (text[i + 1] || ''); i += 1; continue; }
          if (c === quote) quote = '';
        } else if (c === '"' || c === "'") {
          quote = c;
        } else if (c === ',') {
          parts.push(current.trim());
          current = '';
          continue;
        }
        current += c;
      }
      parts.push(current.trim());
      return parts;
    };
    /** A font shorthand as the engine serializes it ("bold 12px/2 Arial, \"Segoe UI\", serif"), unlisted families swapped out. */
    var hiddenCache = {};
    var hiddenCacheSize = 0;
    var hideFamilies = function (font) {
      var size = /(?:^|\s)\.?\d[\d.e+-]*px(?:\/\S+)?\s+/.exec(font);
      if (!size) return font;
      var key = (fontSet() && fontSetSize ? fontSetSize.call(fontSet()) : 0) + '|' + font;
      if (Object.prototype.hasOwnProperty.call(hiddenCache, key)) return hiddenCache[key];
      var cut = size.index + size[0].length;
      var web = null;
      var families = splitFamilies(font.slice(cut)).map(function (family) {
        var name = unquote(family);
        if (genericFamilies.indexOf(name.toLowerCase()) >= 0 || isListedFont(name)) return family;
        if (!web) web = webFamilies();
        return web[name.toLowerCase()] ? family : '"' + absentFamily + '"';
      });
      var hidden = font.slice(0, cut) + families.join(', ');
      // A page that animates font sizes sets endless distinct values: keep the cache small.
      if (++hiddenCacheSize > 500) {
        hiddenCache = {};
        hiddenCacheSize = 0;
      }
      hiddenCache[key] = hidden;
      return hidden;
    };
    [scope.CanvasRenderingContext2D, scope.OffscreenCanvasRenderingContext2D].forEach(function (type) {
      if (!type) return;
      // Per context: the engine's value after the swap → what the page set, as the engine wrote it.
      var shown = new WeakMap();
      replaceAccessor(type.prototype, 'font', function (get) {
        var actual = get.call(this);
        var map = shown.get(this);
        return map && Object.prototype.hasOwnProperty.call(map, actual) ? map[actual] : actual;
      }, function (value, set, get) {
        set.call(this, value);
        var asSet = get.call(this);
        var hidden = hideFamilies(asSet);
        if (hidden === asSet) return;
        set.call(this, hidden);
        var map = shown.get(this);
        if (!map) shown.set(this, (map = {}));
        map[get.call(this)] = asSet;
      });
    });

    replaceMethod(scope, 'queryLocalFonts', function (original, self, args) {
      return original.apply(self, args).then(function (list) {
        return list.filter(function (font) { return isListedFont(font.family); });
      });
    });
  }
`;
