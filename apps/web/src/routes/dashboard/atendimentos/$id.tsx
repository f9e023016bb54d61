import { createFileRoute } from "@tanstack/react-router";
import { ConversationPage } from "../../../features/conversations/conversation-page";

export const Route = createFileRoute("/dashboard/atendimentos/$id")({
  component: function ConversationRoute() {
    const { id } = Route.useParams();
    return <ConversationPage id={id} />;
  },
});
