export { readBoundedUpload, type UploadSource } from './boundedUpload.ts';
export type { ExtensionManifestSummary } from './extensionManifest.ts';
export { detectFileKind, MAGIC_PREFIX_BYTES, type FileKind } from './fileMagic.ts';
export { IconRefusal, isRefusal, PackageRefusal, printable, refuse, type IconRefusalCode, type PackageRefusalCode, type Refusal, type RefusalDetail } from './inspectionRefusal.ts';
export { inspectPackage, inspectZip, PACKAGE_LIMITS, type AcceptedPackage, type PackageDeclared, type PackageFile, type PackageInspection } from './packageInspector.ts';
