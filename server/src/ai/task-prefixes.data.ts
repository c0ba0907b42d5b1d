// Text an embedding model expects in front of each input, by the model's name without its tag,
// from each model's own documentation. Data only; task-prefixes.ts reads it.
export const TASK_PREFIXES: Readonly<Record<string, { query: string; document: string }>> = {
  // nomic-embed-text v1/v1.5 model card: "search_query: " and "search_document: ".
  'nomic-embed-text': { query: 'search_query: ', document: 'search_document: ' },
  // mxbai-embed-large model card: an instruction before queries, nothing before documents.
  'mxbai-embed-large': { query: 'Represent this sentence for searching relevant passages: ', document: '' },
  // snowflake-arctic-embed model card: the same query instruction.
  'snowflake-arctic-embed': { query: 'Represent this sentence for searching relevant passages: ', document: '' },
};
