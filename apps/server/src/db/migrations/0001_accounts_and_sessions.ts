import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.unique())
    .addColumn('phone', 'varchar(32)', (c) => c.unique())
    .addColumn('username', 'varchar(80)', (c) => c.notNull())
    .addColumn('username_key', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('parent_id', 'varchar(40)', (c) => c.references('accounts.id'))
    .addColumn('invitation_code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('invited_by', 'varchar(40)', (c) => c.references('accounts.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('email_verified_at', 'bigint')
    .addColumn('plan_expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('last_login_at', 'bigint')
    .execute();
  await db.schema.createIndex('accounts_parent_idx').on('accounts').column('parent_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('refresh_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('refresh_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('keep', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull())
    .addColumn('client_info', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_account_idx').on('sessions').column('account_id').execute();

  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(254)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('verification_codes_lookup_idx')
    .on('verification_codes')
    .columns(['purpose', 'address', 'created_at'])
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('answer_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_tokens_account_idx').on('api_tokens').column('account_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['api_tokens', 'captchas', 'verification_codes', 'sessions', 'accounts']) {
    await db.schema.dropTable(table).execute();
  }
}
