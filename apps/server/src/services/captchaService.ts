import { Code, limits } from '@facet/contracts';
import svgCaptcha from 'svg-captcha';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { CaptchasRepository } from '../repositories/captchas.ts';
import { hashToken, newId } from '../security/tokens.ts';

interface DrawnCaptcha {
  text: string;
  svg: string;
}

export type CaptchaGenerator = () => DrawnCaptcha;

/** 4 characters drawn as SVG paths (no text to copy); look-alikes 0/O/o and 1/I/l/i left out. */
const svgCaptchaGenerator: CaptchaGenerator = () => {
  // Dark characters and lines on white, large enough to read: random colours came out faint
  // yellow-green on white now and then.
  const { text, data } = svgCaptcha.create({ size: limits.captchaLength, ignoreChars: '0Oo1Iil', noise: 2, color: false, width: 150, height: 38, fontSize: 44 });
  return { text, svg: data };
};

/**
 * Graphic captchas, one check each. The generator is injectable because tests cannot read an
 * image; the server itself always uses svgCaptchaGenerator.
 */
export class CaptchaService {
  constructor(
    private readonly captchas: CaptchasRepository,
    private readonly clock: Clock,
    private readonly generate: CaptchaGenerator = svgCaptchaGenerator,
  ) {}

  async create(): Promise<{ captchaId: string; image: string; expiresInSeconds: number }> {
    const { text, svg: data } = this.generate();
    const id = newId('cap');
    await this.captchas.insert(id, this.hash(id, text), this.clock.now() + limits.captchaLifetimeSeconds * 1000);
    return {
      captchaId: id,
      image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`,
      expiresInSeconds: limits.captchaLifetimeSeconds,
    };
  }

  /** Checks and burns the captcha; throws CAPTCHA_EXPIRED or CAPTCHA_WRONG. Case does not matter. */
  async verify(captchaId: string, answer: string): Promise<void> {
    const row = await this.captchas.take(captchaId);
    if (!row || row.expires_at < this.clock.now()) throw new AppError(Code.CAPTCHA_EXPIRED);
    if (row.answer_hash !== this.hash(captchaId, answer)) throw new AppError(Code.CAPTCHA_WRONG);
  }

  private hash(id: string, answer: string): string {
    return hashToken(`${id}:${answer.trim().toLowerCase()}`);
  }
}
