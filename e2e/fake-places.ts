// The browser tests' stand-in for Google Places (the same fake the server's own tests use), run by Playwright as a
// second web server so the location form's address suggestions are exercised end to end without Google.
import { startFakePlacesServer } from "@atende/server/fake-places";

const port = Number(process.env.FAKE_PLACES_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error("FAKE_PLACES_PORT must be a port number");
const server = await startFakePlacesServer(port);
console.log(`fake Google Places on ${server.origin}`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void server.close().then(() => process.exit(0)));
