// The legal texts (spec 000 §1, §2 "Legal pages", §9 retention and minimum age): Terms of Use in 13 numbered sections
// and the Privacy Policy in 14, Portuguese, last updated 01/07/2025. Every point the spec lists is here.

export interface LegalSection {
  title: string;
  paragraphs: readonly string[];
}

export const LEGAL_UPDATED_AT = "01/07/2025";

export const TERMS: readonly LegalSection[] = [
  {
    title: "Aceitação dos termos",
    paragraphs: [
      "Estes Termos de Uso regem o acesso e o uso do Atende, serviço de recepcionista telefônica com inteligência artificial. Ao criar uma conta ou usar o serviço, você declara que leu, entendeu e aceita estes termos.",
    ],
  },
  {
    title: "Descrição do serviço",
    paragraphs: [
      "O Atende permite configurar um agente de voz que atende as ligações do seu negócio 24 horas por dia, responde a dúvidas com as informações cadastradas e agenda, remarca, confirma e cancela atendimentos, gravando e transcrevendo as ligações.",
    ],
  },
  {
    title: "Cadastro e conta",
    paragraphs: [
      "O acesso é feito com uma conta Google; a conta no Atende é criada automaticamente no primeiro acesso. Você é responsável pela veracidade dos dados informados e por todas as atividades realizadas na sua conta.",
    ],
  },
  {
    title: "Planos, assinatura e pagamento",
    paragraphs: [
      "A contratação é feita por assinatura mensal ou por compra avulsa de créditos (minutos). Os valores são pré-pagos por cartão de crédito, processados por um provedor de pagamentos; o Atende não armazena os dados completos do cartão.",
      "Cada plano inclui um limite mensal de minutos de voz, renovado a cada ciclo de 30 dias.",
    ],
  },
  {
    title: "Limite de minutos e créditos adicionais",
    paragraphs: [
      "Ao se aproximar ou ultrapassar o limite de minutos do plano, o cliente é avisado e pode comprar créditos adicionais (Pack Avulso) para o ciclo atual ou aguardar a renovação do plano.",
    ],
  },
  {
    title: "Renovação e cancelamento",
    paragraphs: [
      "A assinatura é renovada automaticamente ao fim de cada ciclo. A renovação automática pode ser cancelada a qualquer momento; o acesso continua até o fim do ciclo de 30 dias já pago, sem reembolso proporcional.",
    ],
  },
  {
    title: "Inadimplência",
    paragraphs: [
      "A falta de pagamento pode levar à suspensão do acesso ao serviço até que o pagamento seja regularizado.",
    ],
  },
  {
    title: "Obrigações do cliente",
    paragraphs: [
      "Cabe ao cliente configurar o desvio de chamadas da sua linha telefônica para o número do agente, junto à sua operadora, e testá-lo periodicamente, além de manter atualizadas as informações do negócio usadas pelo agente.",
      "O cliente deve usar o serviço de acordo com a lei, inclusive a legislação de proteção de dados em relação aos seus pacientes e clientes.",
    ],
  },
  {
    title: "Uso aceitável",
    paragraphs: [
      "É proibido usar o serviço para fraude, envio de ligações indesejadas, conteúdo ilícito ou qualquer uso que prejudique terceiros ou a operação do serviço.",
    ],
  },
  {
    title: "Limitação de responsabilidade",
    paragraphs: [
      "O agente usa inteligência artificial e pode cometer erros. O Atende não se responsabiliza por imprecisões das respostas da IA, agendamentos incorretos, nem por indisponibilidades de provedores de telefonia, de voz, de inteligência artificial ou de pagamento.",
    ],
  },
  {
    title: "Suspensão e encerramento",
    paragraphs: [
      "Contas com suspeita de fraude ou uso indevido podem ser suspensas preventivamente, e encerradas em caso de violação destes termos.",
    ],
  },
  {
    title: "Alterações dos termos",
    paragraphs: [
      "Estes termos podem ser atualizados. A versão vigente fica sempre disponível nesta página, com a data da última atualização.",
    ],
  },
  {
    title: "Lei aplicável e foro",
    paragraphs: [
      "Estes termos são regidos pelas leis da República Federativa do Brasil. Fica eleito o foro da comarca de Porto Alegre/RS para resolver qualquer controvérsia deles decorrente.",
    ],
  },
];

export const PRIVACY: readonly LegalSection[] = [
  {
    title: "Introdução",
    paragraphs: [
      "Esta Política de Privacidade explica como o Atende coleta, usa, compartilha e protege dados pessoais, em conformidade com a Lei Geral de Proteção de Dados Pessoais (LGPD, Lei nº 13.709/2018).",
    ],
  },
  {
    title: "Dados que coletamos",
    paragraphs: [
      "Dados de identificação (nome) e de contato (e-mail e telefone); dados de pagamento, tratados por provedores de pagamento terceiros; dados da empresa; dados de profissionais e serviços cadastrados; conteúdo da base de conhecimento do agente; registros de acesso, endereço IP e dados do dispositivo; dados de uso do serviço; e gravações e transcrições das ligações atendidas.",
    ],
  },
  {
    title: "Como usamos os dados",
    paragraphs: [
      "Para prestar o serviço (atender e transcrever ligações, gerenciar agendas), cobrar os planos, dar suporte, garantir a segurança, prevenir fraudes e cumprir obrigações legais.",
    ],
  },
  {
    title: "Bases legais",
    paragraphs: [
      "Tratamos dados com base na execução do contrato, no cumprimento de obrigação legal, no legítimo interesse e, quando necessário, no consentimento do titular.",
    ],
  },
  {
    title: "Compartilhamento de dados",
    paragraphs: [
      "Compartilhamos dados apenas com prestadores de serviço (hospedagem, telefonia, e-mail e pagamentos), provedores de inteligência artificial (reconhecimento e síntese de voz, modelos de linguagem), autoridades, quando exigido por lei, e terceiros autorizados pelo cliente.",
    ],
  },
  {
    title: "Gravações e transcrições de ligações",
    paragraphs: [
      "As ligações atendidas pelo agente são gravadas e transcritas para compor o histórico de atendimentos do cliente. O cliente é responsável por informar os seus pacientes sobre a gravação.",
    ],
  },
  {
    title: "Armazenamento e retenção",
    paragraphs: [
      "Dados da conta: pelo prazo do contrato e por até 5 anos após o seu fim. Dados de pagamento: até 5 anos. Registros do sistema: até 6 meses. Gravações de ligações: até 6 meses.",
    ],
  },
  {
    title: "Segurança",
    paragraphs: [
      "Adotamos medidas técnicas e organizacionais para proteger os dados, como criptografia em trânsito, controle de acesso e separação dos dados de cada cliente.",
    ],
  },
  {
    title: "Idade mínima",
    paragraphs: [
      "O serviço é destinado a maiores de 18 anos. Não coletamos intencionalmente dados de menores de idade como usuários da plataforma.",
    ],
  },
  {
    title: "Direitos do titular",
    paragraphs: [
      "Você pode solicitar acesso, correção, exclusão e portabilidade dos seus dados, opor-se a um tratamento e revogar o consentimento a qualquer momento.",
    ],
  },
  {
    title: "Cookies e armazenamento local",
    paragraphs: [
      "Usamos o armazenamento local do navegador para manter a sua sessão (tokens de acesso) e preferências da interface, como o estado do menu lateral.",
    ],
  },
  {
    title: "Transferência internacional",
    paragraphs: [
      "Alguns provedores podem processar dados fora do Brasil; nesses casos, adotamos as salvaguardas previstas na LGPD.",
    ],
  },
  {
    title: "Reclamações",
    paragraphs: [
      "Se entender que os seus direitos não foram atendidos, você pode apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD).",
    ],
  },
  {
    title: "Contato e alterações",
    paragraphs: [
      "Dúvidas sobre esta política podem ser enviadas pelo formulário de contato do site. Esta política pode ser atualizada; a versão vigente fica sempre nesta página.",
    ],
  },
];
