// The knowledge base (spec 000 §2 "/base-conhecimento"): ten articles about the product as it is built. The spec's
// help texts also promise Google Calendar sync, reminders and pausing a plan for up to 30 days; none of these exists,
// so they are left out (issue #11: "a claim the product does not keep: reword that one").

export const KB_CATEGORIES = [
  { id: "todas", label: "Todas" },
  { id: "inicio", label: "Primeiros passos" },
  { id: "configuracao", label: "Configuração" },
  { id: "agendamentos", label: "Agendamentos" },
  { id: "gestao", label: "Gestão" },
  { id: "monitoramento", label: "Monitoramento" },
  { id: "financeiro", label: "Financeiro" },
  { id: "teste", label: "Teste" },
] as const;
export type KbCategory = (typeof KB_CATEGORIES)[number]["id"];

export type KbBlock = { kind: "p"; text: string } | { kind: "steps" | "list"; items: readonly string[] };

export interface KbArticle {
  id: string;
  title: string;
  description: string;
  category: Exclude<KbCategory, "todas">;
  tags: readonly string[];
  content: readonly KbBlock[];
}

const p = (text: string): KbBlock => ({ kind: "p", text });
const steps = (...items: string[]): KbBlock => ({ kind: "steps", items });
const list = (...items: string[]): KbBlock => ({ kind: "list", items });

export const KB_ARTICLES: readonly KbArticle[] = [
  {
    id: "dashboard",
    title: "Conhecendo o Dashboard",
    description: "A tela inicial do painel e os atalhos para cada área do seu negócio.",
    category: "inicio",
    tags: ["painel", "início", "menu", "navegação", "primeiros passos"],
    content: [
      p(
        "Depois de entrar com a sua conta Google, o Dashboard mostra seis cartões, cada um com o botão 'Acessar': Locais de Atendimento, Profissionais, Serviços, Agendas, Pacientes e Atendimentos.",
      ),
      p(
        "No computador, o menu fica à esquerda e pode ser recolhido; no celular, ele abre pelo botão no topo. O cartão de uso do plano mostra os minutos usados e os que restam.",
      ),
      p(
        "À direita (ou pelo botão flutuante, no celular) fica o painel do agente: tipo e tom de voz, nome, DDD, mensagem de boas-vindas e os telefones para onde o agente transfere ligações.",
      ),
      list(
        "Primeiro acesso? O assistente de configuração inicial guia você pelo cadastro.",
        "Sua equipe pode ser convidada por e-mail e entra com a própria conta Google.",
      ),
    ],
  },
  {
    id: "locais-atendimento",
    title: "Locais de atendimento",
    description: "Cadastre as unidades onde você atende: endereço, estacionamento e acessibilidade.",
    category: "configuracao",
    tags: ["unidade", "endereço", "estacionamento", "acessibilidade", "local", "clínica"],
    content: [
      p(
        "Cada local tem nome, endereço (com sugestões de endereço quando disponíveis), descrição, se tem estacionamento (gratuito ou pago) e se tem acessibilidade. O agente usa essas informações para responder 'onde fica?' e 'tem estacionamento?'.",
      ),
      steps(
        "Abra Locais de Atendimento no menu.",
        "Clique em adicionar e preencha os dados da unidade.",
        "Salve: o local já pode ser usado nos serviços e nas agendas.",
      ),
      p("Um local com consultas futuras não pode ser excluído: remarque ou cancele essas consultas antes."),
    ],
  },
  {
    id: "profissionais",
    title: "Profissionais",
    description: "Cadastre quem atende: especialidade, registro, convênios aceitos e observações.",
    category: "configuracao",
    tags: ["médico", "dentista", "especialidade", "convênio", "registro", "equipe"],
    content: [
      p(
        "Para cada profissional informe nome, especialidade, registro (CRM, CRO…), e-mail, telefone, convênios aceitos e observações. O agente diz ao paciente quais convênios cada profissional aceita.",
      ),
      steps(
        "Abra Profissionais no menu e clique em adicionar.",
        "Preencha os dados e salve.",
        "Vincule o profissional aos serviços que ele realiza e crie a agenda dele.",
      ),
    ],
  },
  {
    id: "servicos",
    title: "Serviços",
    description: "Defina os serviços oferecidos: duração, intervalos, preço, modalidade e preparo.",
    category: "configuracao",
    tags: ["consulta", "exame", "procedimento", "preço", "duração", "preparo", "telemedicina"],
    content: [
      p(
        "Um serviço tem duração, intervalos antes e depois, preço fixo (ou gratuito) ou 'Mediante avaliação', modalidade (presencial ou online), os locais e profissionais que o oferecem, se atende crianças e as instruções de preparo.",
      ),
      p(
        "A duração e os intervalos decidem quanto tempo a consulta ocupa na agenda. O agente lê o preço e as instruções de preparo ao paciente quando ele pergunta.",
      ),
    ],
  },
  {
    id: "agendas",
    title: "Agendas e disponibilidade",
    description: "Monte os horários de cada profissional e veja as consultas marcadas.",
    category: "agendamentos",
    tags: ["horário", "disponibilidade", "calendário", "consulta", "agendamento", "semana"],
    content: [
      p(
        "A disponibilidade de um profissional em um local pode ser semanal (dias da semana em um período), mensal ou em datas avulsas. Exceções permitem mudar ou cancelar um dia, só aquele, dali em diante ou todos.",
      ),
      p(
        "O agente só oferece horários livres dentro da disponibilidade e nunca marca duas consultas no mesmo horário para o mesmo profissional.",
      ),
      steps(
        "Abra Agendas e escolha o profissional.",
        "Crie a disponibilidade com o local, o horário e a recorrência.",
        "Acompanhe as consultas no calendário; você também pode marcar, remarcar e cancelar por ali.",
      ),
    ],
  },
  {
    id: "pacientes",
    title: "Pacientes",
    description: "A lista de pacientes e clientes, com busca por nome, CPF ou telefone.",
    category: "gestao",
    tags: ["cliente", "cadastro", "cpf", "telefone", "convênio", "busca"],
    content: [
      p(
        "Cada paciente tem nome completo, telefone, CPF, e-mail, convênio e observações. Quando alguém liga, o agente reconhece o paciente pelo número e, se for a primeira vez, faz o cadastro durante a ligação.",
      ),
      p(
        "Use a busca para encontrar um paciente por nome, CPF ou telefone. Pacientes com consultas futuras não podem ser excluídos.",
      ),
    ],
  },
  {
    id: "atendimentos",
    title: "Atendimentos (histórico de ligações)",
    description: "Ouça as gravações, leia as transcrições e veja o que o agente fez em cada ligação.",
    category: "monitoramento",
    tags: ["ligação", "gravação", "transcrição", "histórico", "resumo", "chamada"],
    content: [
      p(
        "Cada ligação atendida aparece em Atendimentos com data, duração, número de quem ligou, situação (concluída, transferida, perdida ou com erro) e o resumo.",
      ),
      p(
        "No detalhe da ligação você lê a transcrição completa, ouve a gravação e vê as ações do agente, como consultas marcadas, remarcadas, confirmadas ou canceladas e transferências.",
      ),
      p("As gravações ficam disponíveis por até 6 meses."),
    ],
  },
  {
    id: "configuracoes",
    title: "Agente de voz e redirecionamento de chamadas",
    description: "Ajuste a voz e a mensagem do agente e desvie a sua linha para ele.",
    category: "configuracao",
    tags: [
      "agente",
      "voz",
      "tom",
      "ddd",
      "boas-vindas",
      "desvio",
      "redirecionamento",
      "operadora",
      "transferência",
    ],
    content: [
      p(
        "No painel do agente escolha o tipo de voz (feminina, masculina ou neutra), o tom (amigável, empático, profissional, alegre ou calmo), o nome do agente, o DDD e a mensagem de boas-vindas. Informe também o telefone (e o WhatsApp) para onde o agente transfere quando o paciente pede para falar com alguém.",
      ),
      p(
        "Para o agente atender a sua linha atual, desvie as chamadas para o número do agente. O guia de redirecionamento de telefone mostra os códigos com o número já preenchido:",
      ),
      list(
        "**21*NÚMERO# desvia todas as chamadas.",
        "**67*NÚMERO# desvia quando a linha estiver ocupada.",
        "**61*NÚMERO# desvia quando ninguém atender.",
        "**62*NÚMERO# desvia quando o aparelho estiver desligado ou fora de área.",
        "##002# cancela todos os desvios.",
      ),
      p(
        "Linhas fixas e PABX podem ter códigos diferentes: fale com a sua operadora. Depois de configurar, ligue para o seu número de outro telefone para testar, e repita o teste de tempos em tempos.",
      ),
    ],
  },
  {
    id: "planos",
    title: "Planos, minutos e pagamentos",
    description: "Como funcionam os planos mensais, o período gratuito, o Pack Avulso e as faturas.",
    category: "financeiro",
    tags: ["plano", "assinatura", "minutos", "pagamento", "cartão", "fatura", "pack avulso", "preço"],
    content: [
      p(
        "Os planos mensais incluem 250, 500 ou 1000 minutos de atendimento por ciclo de 30 dias e começam com 7 dias de período gratuito. Os preços atuais estão na seção Preços da página inicial.",
      ),
      p(
        "Precisa de mais minutos? O Pack Avulso é pago uma vez, em múltiplos de 50 minutos, não expira e combina com qualquer plano. Os minutos do plano são usados primeiro; depois, os do pack.",
      ),
      p(
        "Você recebe um e-mail ao usar 80% e 95% dos minutos do ciclo. Sem minutos, as ligações são transferidas para o seu telefone de encaminhamento.",
      ),
      p(
        "Em Gerenciar Plano você atualiza o cartão, vê as faturas, altera o plano ou cancela. Cancelado, o plano continua até o fim do ciclo já pago.",
      ),
    ],
  },
  {
    id: "testar-agente",
    title: "Testar o agente",
    description: "Converse com o seu agente pelo navegador antes de colocá-lo no telefone.",
    category: "teste",
    tags: ["teste", "navegador", "ligação de teste", "microfone", "simulação"],
    content: [
      p(
        "Em Testar agente, clique em 'Ligar pelo navegador' e fale com o agente pelo microfone, ou digite como se fosse o paciente. A ligação de teste aparece em Atendimentos com transcrição e gravação.",
      ),
      p(
        "Teste perguntas frequentes, uma marcação, uma remarcação e um cancelamento. Se algo não sair como esperado, ajuste os cadastros (serviços, agendas, locais) e teste de novo.",
      ),
      p(
        "O agente não inventa informações: o que não estiver cadastrado, ele diz que não sabe e oferece transferir a ligação.",
      ),
    ],
  },
];
