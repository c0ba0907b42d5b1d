-- Runs once, when the Postgres volume is first created. Creating an extension needs a
-- privileged role; after this the app's migration `CREATE EXTENSION IF NOT EXISTS vector` is a no-op.
CREATE EXTENSION IF NOT EXISTS vector;
