import { createFileRoute } from "@tanstack/react-router";
import { parseSuccessSearch } from "../../features/calendar-integration/search";
import { CalendarSuccessPage } from "../../features/calendar-integration/success-page";

/** spec 001 §2: public; where the Google consent ends when the calendar is connected. */
export const Route = createFileRoute("/calendar-integration/success")({
  validateSearch: parseSuccessSearch,
  component: function CalendarSuccess() {
    return <CalendarSuccessPage professional={Route.useSearch().professional} />;
  },
});
