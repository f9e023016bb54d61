import { createFileRoute } from "@tanstack/react-router";
import { CalendarErrorPage } from "../../features/calendar-integration/error-page";
import { parseErrorSearch } from "../../features/calendar-integration/search";

/** spec 001 §2: public; where the Google consent ends when it failed, with the reason code. */
export const Route = createFileRoute("/calendar-integration/error")({
  validateSearch: parseErrorSearch,
  component: function CalendarError() {
    return <CalendarErrorPage search={Route.useSearch()} />;
  },
});
