import { describe, expect, it } from 'vitest';
import { usedKeysOf } from './usedLocaleKeys.mjs';

describe('the locale keys the console names', () => {
  it('are read from t() calls and i18nKey props, not from other dotted strings', () => {
    const source = `t('plugins.title'); t("feedback.submit", { count }); <Trans i18nKey="help.intro" />; import x from './a.ts'; t(\`plugins.check.\${code}\`); send('Page.enable')`;
    expect(usedKeysOf(source)).toEqual(['plugins.title', 'feedback.submit', 'help.intro']);
  });
});
