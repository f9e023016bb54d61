import { useQuery } from "@tanstack/react-query";
import { ApiProvider } from "../../lib/api-provider";
import { useTRPC } from "../../lib/trpc";
import { Guide } from "./phone-forwarding-guide";

/** The signed-in tenant's voice number, once assigned (docs/decisions/0019-twilio.md), in the guide's codes. */
function WithAgentNumber() {
  const trpc = useTRPC();
  const number = useQuery({ ...trpc.tenant.voiceNumber.queryOptions(), retry: false });
  const e164 = number.data?.voiceNumber;
  return <Guide agentNumber={e164 ? e164.replace(/^\+55/, "") : null} />;
}

/** Loaded on demand by the guide for a signed-in visitor, with the tRPC context it needs. */
export default function GuideWithAgentNumber() {
  return (
    <ApiProvider>
      <WithAgentNumber />
    </ApiProvider>
  );
}
