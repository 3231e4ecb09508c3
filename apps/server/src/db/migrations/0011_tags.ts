import type { Kysely } from 'kysely';

/**
 * Tags: an account's coloured labels, any number of them on a profile (AdsPower's and Dolphin's
 * tags), to find profiles across groups. A group is where a profile lives; tags say what it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tags')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'varchar(30)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(30)', (c) => c.notNull())
    .addColumn('color', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // One name per account, whatever its letter case.
    .addUniqueConstraint('tags_owner_name_key', ['owner_id', 'name_key'])
    .execute();

  await db.schema
    .createTable('profile_tags')
    .addColumn('profile_id', 'varchar(40)', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('tag_id', 'varchar(40)', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('profile_tags_pkey', ['profile_id', 'tag_id'])
    .execute();
  // The list's tag filter starts from the tag.
  await db.schema.createIndex('profile_tags_tag_idx').on('profile_tags').columns(['tag_id', 'profile_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('profile_tags').execute();
  await db.schema.dropTable('tags').execute();
}
