// The two parts of a locale file the console's build serves (apps/console/localeParts.ts), typed
// as index.ts's LocaleTree (an ambient module may not import it by a relative path).
declare module '*.json?part=entry' {
  type LocaleTree = { [key: string]: string | LocaleTree };
  const tree: LocaleTree;
  export default tree;
}
declare module '*.json?part=rest' {
  type LocaleTree = { [key: string]: string | LocaleTree };
  const tree: LocaleTree;
  export default tree;
}
