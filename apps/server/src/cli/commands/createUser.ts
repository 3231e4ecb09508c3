import { Code, validateEmail, validateNewPassword, validateUsername } from '@facet/contracts';
import { translate } from '@facet/i18n';
import { AppError } from '../../errors.ts';
import type { Services } from '../../services/container.ts';
import { parseFlags, requireFlag, UsageError } from '../args.ts';

export async function createUser(services: Services, args: readonly string[], out: (line: string) => void): Promise<void> {
  const flags = parseFlags(args, ['email', 'password', 'username']);
  const email = requireFlag(flags, 'email').trim().toLowerCase();
  const password = requireFlag(flags, 'password');
  const problems = [validateEmail(email), validateNewPassword(password), flags.username ? validateUsername(flags.username) : null].filter(
    (key): key is string => key !== null,
  );
  if (problems.length) throw new UsageError(problems.map((key) => translate('en-US', key)).join(' '));
  try {
    const account = await services.accounts.createVerifiedMain(email, password, flags.username);
    out(`created main account ${account.id} ${account.email} (username ${account.username})`);
  } catch (error) {
    if (error instanceof AppError && (error.code === Code.EMAIL_TAKEN || error.code === Code.USERNAME_TAKEN)) {
      throw new UsageError(translate('en-US', error.code === Code.EMAIL_TAKEN ? 'code.emailTaken' : 'code.usernameTaken'));
    }
    throw error;
  }
}
