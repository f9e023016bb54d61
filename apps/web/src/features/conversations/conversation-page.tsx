import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { Button } from "../../components/ui/button";
import { PageHeader } from "../../components/ui/page-header";
import { ConversationLoader } from "./conversation-loader";

/** /dashboard/atendimentos/{id} (spec 001 §2): the call's detail on a page of its own, with a way back. */
export function ConversationPage({ id }: { id: string }) {
  return (
    <div className="mx-auto max-w-3xl">
      <Button variant="ghost" size="sm" asChild className="mb-4 -ml-3">
        <Link to="/dashboard/atendimentos">
          <ArrowLeft aria-hidden="true" />
          Voltar para Atendimentos
        </Link>
      </Button>
      <PageHeader title="Detalhes do Atendimento" />
      <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <ConversationLoader id={id} />
      </div>
    </div>
  );
}
