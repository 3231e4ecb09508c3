export { generateIdentity, rewriteBrowserMajor, type GeneratedIdentity } from './generate.ts';
export {
  checkConsistency,
  consistencyFieldPaths,
  contradictionCodes,
  type ConsistencyField,
  type Contradiction,
  type ContradictionCode,
  type ContradictionSide,
  type IdentityFields,
} from './consistency/index.ts';
