import { Code, type CodeValue } from '@facet/contracts';
import { IconRefusal, PackageRefusal, type IconRefusalCode, type PackageRefusalCode } from '@facet/plugin-package';

/**
 * The inspectors' stable string codes as answer codes: one each, so the console can say exactly
 * what was wrong. A Record over both unions makes a new inspector code a type error until mapped.
 */
export const refusalAnswerCode: Record<PackageRefusalCode | IconRefusalCode, CodeValue> = {
  [PackageRefusal.TOO_LARGE]: Code.PLUGIN_PACKAGE_TOO_LARGE,
  [PackageRefusal.NOT_ZIP]: Code.PLUGIN_PACKAGE_NOT_ZIP,
  [PackageRefusal.IS_CRX]: Code.PLUGIN_PACKAGE_IS_CRX,
  [PackageRefusal.CORRUPT]: Code.PLUGIN_PACKAGE_CORRUPT,
  [PackageRefusal.UNSUPPORTED]: Code.PLUGIN_PACKAGE_UNSUPPORTED,
  [PackageRefusal.TOO_MANY_ENTRIES]: Code.PLUGIN_PACKAGE_TOO_MANY_ENTRIES,
  [PackageRefusal.TOO_BIG_UNCOMPRESSED]: Code.PLUGIN_PACKAGE_TOO_BIG_UNCOMPRESSED,
  [PackageRefusal.RATIO]: Code.PLUGIN_PACKAGE_RATIO,
  [PackageRefusal.SIZE_MISMATCH]: Code.PLUGIN_PACKAGE_SIZE_MISMATCH,
  [PackageRefusal.BAD_PATH]: Code.PLUGIN_PACKAGE_BAD_PATH,
  [PackageRefusal.DUPLICATE_ENTRY]: Code.PLUGIN_PACKAGE_DUPLICATE_ENTRY,
  [PackageRefusal.LINK]: Code.PLUGIN_PACKAGE_LINK,
  [PackageRefusal.SPECIAL_FILE]: Code.PLUGIN_PACKAGE_SPECIAL_FILE,
  [PackageRefusal.NESTED_ARCHIVE]: Code.PLUGIN_PACKAGE_NESTED_ARCHIVE,
  [PackageRefusal.ENCRYPTED]: Code.PLUGIN_PACKAGE_ENCRYPTED,
  [PackageRefusal.NO_MANIFEST]: Code.PLUGIN_PACKAGE_NO_MANIFEST,
  [PackageRefusal.BAD_MANIFEST]: Code.PLUGIN_PACKAGE_BAD_MANIFEST,
  [PackageRefusal.MV2]: Code.PLUGIN_PACKAGE_MV2,
  [IconRefusal.TOO_LARGE]: Code.PLUGIN_ICON_TOO_LARGE,
  [IconRefusal.NOT_IMAGE]: Code.PLUGIN_ICON_NOT_IMAGE,
  [IconRefusal.CORRUPT]: Code.PLUGIN_ICON_CORRUPT,
  [IconRefusal.PIXEL_FLOOD]: Code.PLUGIN_ICON_PIXEL_FLOOD,
  [IconRefusal.TOO_SMALL]: Code.PLUGIN_ICON_TOO_SMALL,
  [IconRefusal.NOT_SQUARE]: Code.PLUGIN_ICON_NOT_SQUARE,
};
