import { type Kysely, sql } from 'kysely';

// Full-text search reads a stored document instead of an expression index. Ranking matches with
// ts_rank needs the tsvector of every matching row; over the expression index Postgres rebuilt it
// from the profile's text for each row (most of a search's time at 100k profiles). The document
// lives in its own narrow table, kept by a trigger on the columns it is made of, so every writer
// of a profile keeps it current without knowing about it, and `SELECT *` on profiles (the member's
// own profile, for one) does not carry it.
const DOCUMENT = sql`kindred_profile_document(NEW.name, NEW.bio, NEW.enhanced_background, NEW.profession, NEW.location, NEW.interests)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('profile_search_documents')
    .addColumn('profile_id', 'uuid', (c) => c.primaryKey().references('profiles.id').onDelete('cascade'))
    .addColumn('document', sql`tsvector`, (c) => c.notNull())
    .execute();
  await sql`
    CREATE FUNCTION kindred_sync_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO profile_search_documents (profile_id, document) VALUES (NEW.id, ${DOCUMENT})
      ON CONFLICT (profile_id) DO UPDATE SET document = EXCLUDED.document;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER profiles_sync_search_document
    AFTER INSERT OR UPDATE OF name, bio, enhanced_background, profession, location, interests ON profiles
    FOR EACH ROW EXECUTE FUNCTION kindred_sync_search_document()`.execute(db);
  await sql`
    INSERT INTO profile_search_documents (profile_id, document)
    SELECT id, kindred_profile_document(name, bio, enhanced_background, profession, location, interests) FROM profiles`.execute(db);
  await sql`CREATE INDEX profile_search_documents_document_idx ON profile_search_documents USING gin (document)`.execute(db);
  await sql`DROP INDEX profiles_search_document_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX profiles_search_document_idx ON profiles
    USING gin (kindred_profile_document(name, bio, enhanced_background, profession, location, interests))`.execute(db);
  await sql`DROP TRIGGER profiles_sync_search_document ON profiles`.execute(db);
  await sql`DROP FUNCTION kindred_sync_search_document()`.execute(db);
  await db.schema.dropTable('profile_search_documents').execute();
}
