import type { Knex } from 'knex';
import { timestamps } from '../../../kernel/db/schema.ts';

// CMS pages and their translations, one row per language so a search can reach the translated title.
// Bodies are mediumtext: MySQL's text holds only 64 KB and a body may be 100 KB before sanitising.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pages', (t) => {
    t.bigIncrements('id');
    t.string('title', 200).notNullable();
    t.string('slug', 200).notNullable().unique();
    t.text('body', 'mediumtext').notNullable();
    t.boolean('published').notNullable().defaultTo(false);
    timestamps(t);
    t.index(['published', 'title']);
    t.index(['created_at']);
    t.index(['updated_at']);
  });
  await knex.schema.createTable('page_translations', (t) => {
    t.bigIncrements('id');
    t.bigInteger('page_id').unsigned().notNullable().references('id').inTable('pages').onDelete('CASCADE');
    t.string('language', 35).notNullable();
    t.string('title', 200);
    t.text('body', 'mediumtext');
    t.unique(['page_id', 'language']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('page_translations');
  await knex.schema.dropTable('pages');
}
