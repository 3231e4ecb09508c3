import { describe, expect, it } from 'vitest';
import { runIn, illegal } from '../../test/runScript.ts';

describe('fonts', () => {
  it('turns local() faces off the list into a font that does not exist', () => {
    const sources: unknown[] = [];
    class FontFace {
      constructor(_family: string, source: unknown) {
        sources.push(source);
      }
      get family(): string {
        return illegal();
      }
    }
    const scope = { FontFace };
    runIn(scope, { fonts: ['Arial', 'Segoe UI'] });
    const Replaced = (scope as { FontFace: new (family: string, source: unknown) => unknown }).FontFace;
    new Replaced('a', 'local("Arial Bold"), local(\'SegoeUI-Semibold\'), local(DejaVu Sans), url(x.woff2)');
    const buffer = new ArrayBuffer(8);
    new Replaced('b', buffer);
    expect(sources).toEqual(['local("Arial Bold"), local(\'SegoeUI-Semibold\'), local("zz-absent-font"), url(x.woff2)', buffer]);
    expect(new Replaced('c', 'local(Arial)')).toBeInstanceOf(FontFace);
    expect(FontFace.prototype.constructor).toBe(Replaced);
  });

  it('draws canvas text without unlisted families and reads back what the page set', () => {
    class CanvasRenderingContext2D {
      engineFont = '10px sans-serif';
      get font(): string {
        return this.engineFont;
      }
      set font(value: string) {
        this.engineFont = value.replace(/\s+/g, ' ').replace(/'/g, '"');
      }
    }
    runIn({ CanvasRenderingContext2D }, { fonts: ['Arial'] });
    const context = new CanvasRenderingContext2D();
    context.font = "bold 72px/1.2 'DejaVu Sans', Arial, \"Noto, Sans\",  monospace";
    expect(context.engineFont).toBe('bold 72px/1.2 "zz-absent-font", Arial, "zz-absent-font", monospace');
    expect(context.font).toBe('bold 72px/1.2 "DejaVu Sans", Arial, "Noto, Sans", monospace');
    context.font = '12px Arial, serif';
    expect([context.engineFont, context.font]).toEqual(['12px Arial, serif', '12px Arial, serif']);
  });
});
