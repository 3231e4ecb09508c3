import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';

/**
 * One of antd's outlined icons drawn from its bare path data (@ant-design/icons-svg), for the
 * pages shown before antd loads: @ant-design/icons' components bring its context, colour and
 * style machinery with them. Sized and coloured like antd's: 1em, currentColor.
 */
export function SvgIcon({ icon }: { icon: IconDefinition }) {
  const root = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <span role="img" aria-hidden="true" className="facet-icon">
      <svg viewBox={root.attrs.viewBox} width="1em" height="1em" fill="currentColor" fillRule={root.attrs['fill-rule'] === 'evenodd' ? 'evenodd' : undefined} focusable="false">
        {(root.children ?? []).map((node: AbstractNode, index) => (node.tag === 'path' ? <path key={index} d={node.attrs.d} /> : null))}
      </svg>
    </span>
  );
}
