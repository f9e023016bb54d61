// The job queue in the database and its runner (docs/decisions/0023-billing.md); which jobs the server runs is the
// composition root's (`createJobRunner` in ../composition.ts), so this folder knows no domain.
export { JobQueue, JobRunner } from "./runner";
