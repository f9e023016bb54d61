// Transport limits the server enforces and the web client must respect, kept in one place.

/** Most calls one tRPC request may batch: the server refuses more (400), the web client's batch link splits there. */
export const TRPC_MAX_BATCH_SIZE = 10;
