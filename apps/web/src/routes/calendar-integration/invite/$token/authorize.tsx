import { createFileRoute } from "@tanstack/react-router";
import { CalendarInvitePage } from "../../../../features/calendar-integration/invite-page";

/** spec 001 §2: public, reached by the e-mailed link (GET is this page; POST to the same path is the API call). */
export const Route = createFileRoute("/calendar-integration/invite/$token/authorize")({
  component: function CalendarInvite() {
    const { token } = Route.useParams();
    return <CalendarInvitePage token={token} />;
  },
});
