import type { Kysely } from 'kysely';

/**
 * The plugin centre: a team's plugins (owned by the main account), their versions named by the
 * SHA-256 of the zip (the bytes live in the blob store), and three kinds of pins of a version:
 * an account's own switch (every profile it owns), a group and a profile.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plugins')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    // The team: the main account. Sub-accounts see and use the team's plugins.
    .addColumn('owner_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('introduction', 'varchar(500)', (c) => c.notNull())
    .addColumn('publisher', 'varchar(50)', (c) => c.notNull())
    // Base64 of the re-encoded 128×128 PNG: a few KB, so it stays with its row.
    .addColumn('icon_png', 'text', (c) => c.notNull())
    .addColumn('disabled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('plugins_owner_idx').on('plugins').columns(['owner_id', 'created_at']).execute();

  await db.schema
    .createTable('plugin_versions')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('plugin_id', 'varchar(40)', (c) => c.notNull().references('plugins.id').onDelete('cascade'))
    .addColumn('version', 'varchar(50)', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // The same bytes uploaded twice to one plugin are one version (a retried upload).
    .addUniqueConstraint('plugin_versions_plugin_sha_key', ['plugin_id', 'sha256'])
    .execute();
  // The blob route and the blob store's clean-up look versions up by hash alone.
  await db.schema.createIndex('plugin_versions_sha_idx').on('plugin_versions').column('sha256').execute();

  await db.schema
    .createTable('account_plugins')
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('plugin_id', 'varchar(40)', (c) => c.notNull().references('plugins.id').onDelete('cascade'))
    .addColumn('version_id', 'varchar(40)', (c) => c.notNull().references('plugin_versions.id'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_plugins_pkey', ['account_id', 'plugin_id'])
    .execute();

  await db.schema
    .createTable('group_plugins')
    .addColumn('group_id', 'varchar(40)', (c) => c.notNull().references('profile_groups.id').onDelete('cascade'))
    .addColumn('plugin_id', 'varchar(40)', (c) => c.notNull().references('plugins.id').onDelete('cascade'))
    .addColumn('version_id', 'varchar(40)', (c) => c.notNull().references('plugin_versions.id'))
    .addColumn('assigned_by', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_plugins_pkey', ['group_id', 'plugin_id'])
    .execute();
  await db.schema.createIndex('group_plugins_plugin_idx').on('group_plugins').column('plugin_id').execute();

  await db.schema
    .createTable('profile_plugins')
    .addColumn('profile_id', 'varchar(40)', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('plugin_id', 'varchar(40)', (c) => c.notNull().references('plugins.id').onDelete('cascade'))
    .addColumn('version_id', 'varchar(40)', (c) => c.notNull().references('plugin_versions.id'))
    .addColumn('assigned_by', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('profile_plugins_pkey', ['profile_id', 'plugin_id'])
    .execute();
  await db.schema.createIndex('profile_plugins_plugin_idx').on('profile_plugins').column('plugin_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('profile_plugins').execute();
  await db.schema.dropTable('group_plugins').execute();
  await db.schema.dropTable('account_plugins').execute();
  await db.schema.dropTable('plugin_versions').execute();
  await db.schema.dropTable('plugins').execute();
}
