// A fresh tenant from a business fixture, through the public API only: a new account (development sign-in), its voice
// agent of the fixture's kind, the business profile, then locations, professionals, services, weekly availabilities,
// patients and their appointments. Returns the ids the judge needs.
import type { DayOfWeek } from "@atende/shared/enums";
import { Api } from "./api";
import type { BusinessFixture } from "./types";

const WEEKDAYS: DayOfWeek[] = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];
/** Availabilities cover the calls' weeks (the clock is 3 June 2030) with room around them. */
const PERIOD = { start: "2030-06-01", end: "2030-07-31" };
const FIRST_DAY = "2030-06-03"; // a Monday: ISO weekday n is 2030-06-(2+n)

export interface SeededTenant {
  api: Api;
  fixture: BusinessFixture;
  locations: Map<string, string>;
  professionals: Map<string, string>;
  services: Map<string, string>;
  clients: Map<string, string>;
  appointments: Map<string, string>;
}

let accounts = 0;

export async function seedTenant(
  baseUrl: string,
  fixture: BusinessFixture,
  tag: string,
): Promise<SeededTenant> {
  const stamp = `${Date.now().toString(36)}${(accounts++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const api = new Api(baseUrl, `eval-${tag}-${stamp}@example.com`, `Avaliação ${fixture.name}`);
  await api.signIn();
  await api.request("POST", "/voice-agent", {
    agentType: fixture.kind,
    name: fixture.agentName,
    welcomeMessage: fixture.welcome,
    forwardingPhone: fixture.forwardingPhone,
  });
  await api.mutation("tenant.profile.update", {
    name: fixture.name,
    openingHours: fixture.openingHours ?? null,
    paymentMethods: fixture.paymentMethods ?? null,
    notes: null,
  });
  const ids = (entries: [string, string][]) => new Map(entries);
  const locations = ids(
    await Promise.all(
      fixture.locations.map(async (l): Promise<[string, string]> => {
        const made = await api.request<{ id: string }>("POST", "/establishments", {
          name: l.name,
          address: l.address,
          description: l.description ?? null,
          hasParking: l.hasParking ?? false,
          parkingType: l.hasParking ? (l.parkingType ?? "FREE") : null,
          hasAccessibility: l.hasAccessibility ?? false,
        });
        return [l.key, made.id];
      }),
    ),
  );
  const professionals = ids(
    await Promise.all(
      fixture.professionals.map(async (p): Promise<[string, string]> => {
        const made = await api.request<{ id: string }>("POST", "/professionals", {
          name: p.name,
          specialty: p.specialty,
          acceptedHealthInsurances: p.insurances ?? [],
          observations: p.observations ?? null,
        });
        return [p.key, made.id];
      }),
    ),
  );
  const need = (map: Map<string, string>, key: string) => {
    const id = map.get(key);
    if (!id) throw new Error(`fixture ${fixture.kind}: unknown key ${key}`);
    return id;
  };
  for (const p of fixture.professionals) {
    for (const h of p.hours) {
      await api.request("POST", "/availabilities", {
        professionalId: need(professionals, p.key),
        establishmentId: need(locations, h.location),
        slot: { start: `${FIRST_DAY}T${h.from}:00-03:00`, end: `${FIRST_DAY}T${h.to}:00-03:00` },
        pattern: { type: "WEEKLY", daysOfWeek: h.days.map((d) => WEEKDAYS[d - 1]), period: PERIOD },
        exceptions: [],
        notes: null,
      });
    }
  }
  const services = ids(
    await Promise.all(
      fixture.services.map(async (s): Promise<[string, string]> => {
        const made = await api.request<{ id: string }>("POST", "/offered-services", {
          name: s.name,
          duration: s.duration,
          priceType: s.variable ? "VARIABLE" : "FIXED",
          priceInCents: s.variable ? null : (s.price ?? 0),
          childFriendly: s.childAgeNote !== undefined,
          childAgeObservation: s.childAgeNote ?? null,
          requiresPreparation: s.preparation !== undefined,
          preparationInstructions: s.preparation ?? null,
          observation: s.note ?? null,
          availableEstablishments: s.locations.map((k) => need(locations, k)),
          allowedProfessionals: s.professionals.map((k) => need(professionals, k)),
        });
        return [s.key, made.id];
      }),
    ),
  );
  const clients = ids(
    await Promise.all(
      fixture.clients.map(async (c): Promise<[string, string]> => {
        const made = await api.request<{ id: string }>("POST", "/clients", {
          fullName: c.name,
          phoneNumber: c.phone,
          documentNumber: c.cpf ?? null,
          observations: c.observations ?? null,
        });
        return [c.key, made.id];
      }),
    ),
  );
  const appointments = new Map<string, string>();
  for (const a of fixture.appointments) {
    const made = await api.request<{ id: string }>("POST", "/appointments", {
      clientId: need(clients, a.client),
      professionalId: need(professionals, a.professional),
      establishmentId: need(locations, a.location),
      scheduledAt: `${a.day}T${a.at}:00-03:00`,
      offeredServices: a.services.map((k) => need(services, k)),
    });
    appointments.set(a.key, made.id);
  }
  return { api, fixture, locations, professionals, services, clients, appointments };
}
