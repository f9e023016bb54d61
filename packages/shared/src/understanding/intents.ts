// What the caller wants, from word classes over the folded text (not from sample sentences): each intent is a set
// of stems and short patterns; a turn can carry several (a question and a booking), and the dialog decides.
import { normOf, type Said, textOf } from "./normalize";

export type Intent =
  | "book"
  | "reschedule"
  | "cancel"
  | "confirm"
  | "check"
  | "transfer"
  | "goodbye"
  | "thanks";
export type Topic =
  | "price"
  | "preparation"
  | "address"
  | "parking"
  | "accessibility"
  | "insurance"
  | "children"
  | "hours"
  | "payment"
  | "duration"
  | "services"
  | "professionals"
  | "modality"
  | "entrance";

const INTENT_PATTERNS: Record<Intent, RegExp> = {
  reschedule:
    // 'mudar a fisioterapia de sexta', 'trocar o banho dele de quinta pra sexta': a change of something that is on a day.
    /\b(mudar|muda|trocar|troca|alterar|altera|passar|passa|mover|jogar|empurrar)( \w+){1,3} (de|do|da|dessa|desta) (hoje|amanha|segunda|terca|quarta|quinta|sexta|sabado|domingo|dia \w+)\b|\b(remarc\w*|reagend\w*|adiar|adia|antecipar|(mudar|trocar|alterar|passar|mover|muda|troca|altera)\s+(o |a |meu |minha |de |do |da )*(horario|data|dia|consulta|agendamento|hora|atendimento|exame|sessao|limpeza|avaliacao)|outro (dia|horario) (para|pra) (a |minha )?(consulta|agendamento)|(mudar|trocar|passar) (para|pra) outro dia|(passar|jogar|empurrar|transferir|mudar|trocar) (ela |a consulta |o horario |o agendamento )?(para|pra|pro|pros) (o |a )?(outro|outra|a semana|semana|dia|amanha|segunda|terca|quarta|quinta|sexta|sabado|depois|proxima|proximo))\b/,
  cancel:
    /\b(cancel\w*|desmarc\w*|nao vou (poder|conseguir) (ir|comparecer)|nao (posso|consigo) (ir|comparecer)|tirar (o|meu|minha) (agendamento|consulta|horario)|desistir)\b/,
  confirm:
    /\b(confirmar|confirma|confirmo|confirmacao)\s+(a |o |minha |meu |de |da |do |se )?(consulta|presenca|agendamento|horario|atendimento|sessao|exame|que vou|tenho|esta)\b|\bconfirmar (a |minha )?presenca\b|\b(confirmar|confirmacao|confirmando)\b/,
  book: /\b(marcar|marca|agendar|agenda|agendamento|marcacao|consulta|horario|horarios|vaga|vagas|encaixe|atendimento|queria ver|gostaria de ver|disponivel|disponibilidade|livre|sessao|avaliacao)\b/,
  // 'só queria saber se o meu corte de quinta é às 4 mesmo', 'que horas é a minha consulta?': the caller's own
  // appointment looked up and said (issue #27).
  check:
    /\b((saber|lembrar|conferir|checar) (se |que horas |qual (e )?(o )?(horario|dia) |quando |o horario d[aeo] )?(e )?(a |o )?(minha|meu)|(que horas|qual (e )?o horario|que dia|quando) (e|era|vai ser|ficou|esta marcad\w*) (a |o )?(minha|meu)|(esqueci|nao lembro) (o horario|a hora|o dia|que horas|quando))\b/,
  transfer:
    /\b(atendente|humano|humana|pessoa( de verdade| real)?|recepcionista|secretaria|transfer\w*|falar com (alguem|uma pessoa|o doutor|a doutora|o medico|a medica|a clinica|o responsavel|a recepcao)|gerente|operador\w*|ramal)\b/,
  goodbye:
    /\b(tchau|tchauzinho|ate logo|ate mais|ate breve|ate a proxima|falou|pode desligar|vou desligar|so isso|era so isso|e so isso|era isso|era isso mesmo|so isso mesmo|nada mais|mais nada|por enquanto e so|tenha um bom dia|boa tarde pra voce|fica com deus)\b/,
  thanks: /\b(obrigad[oa]|valeu|agradeco|brigad[oa])\b/,
};

const TOPIC_PATTERNS: Record<Topic, RegExp> = {
  price:
    /\b(quanto (custa|e|fica|sai|cobra|ta|esta|vai ser|vai ficar|seria)|(sai|fica|custa|e|da|cobra|cobram) quanto|preco|precos|valor|valores|custa|custo|cobram|cobra|cobrad[oa]s?|caro|barato|taxa|gratis|gratuit[oa]s?|de graca|tem que pagar|paga alguma coisa|pago a parte|e pago|e paga)\b/,
  preparation:
    /\b(preparo|preparacao|preparar|jejum|precis\w* (levar|fazer|trazer)( \w+){0,3} antes|(fazer|levar|trazer) (alguma coisa|algo|nada) antes|antes d[oa] (consulta|exame|procedimento|sessao)|tem que (levar|fazer|trazer)|o que (eu )?(levo|levar|trago|trazer|(preciso|tenho que|devo) (levar|trazer))|(preciso|tenho que|devo) (levar|trazer) (algum|alguma|algo|documento\w*|exame\w*)|instruc\w*|cuidados? antes)\b/,
  address:
    /\b(endereco|enderecos|onde fica|onde ficam|onde e|onde voces|localiza\w*|como (chego|chegar|faco para chegar)|qual a rua|que rua|qual rua|fica onde|bairro)\b/,
  parking:
    /\b(estaciona\w*|vaga (de|pra|para) (carro|estacionar)|onde (eu )?(paro|parar|deixo|estaciono) o carro|(parar|deixar|largar) o carro|garagem|manobrista|valet)\b/,
  accessibility:
    /\b(acessib\w*|acessivel|cadeirante|cadeira de rodas|rampa|elevador|escada|escadas|degrau|degraus|mobilidade|deficien\w*|andador|muleta)\b/,
  insurance:
    /\b(convenio|convenios|plano|planos|plano de saude|particular|reembolso|unimed|amil|bradesco|sulamerica|hapvida|cassi|geap|golden cross|omint|porto seguro|notredame|intermedica|prevent senior|care plus|mediservice|allianz)\b/,
  children:
    /\b(crianca|criancas|filho|filha|filhos|filhas|infantil|bebe|bebes|menor de idade|menor|pediatr\w*|neto|neta|anos de idade|adolescente|meu menino|minha menina)\b/,
  hours:
    /\b(horario de (funcionamento|atendimento)|que horas (abre|fecha|voces abrem|voces fecham|funciona)|abre|abrem|fecha|fecham|funciona|funcionam|expediente|ate que horas|aberto|aberta|abrem no sabado|funciona no sabado|feriado)\b/,
  payment:
    /\b(pagamento|pagar|pago|cartao|cartoes|pix|dinheiro|credito|debito|parcela\w*|boleto|formas? de pag\w*)\b/,
  duration: /\b(quanto tempo|dura|duracao|demora|demorar|leva quanto|minutos dura)\b/,
  services:
    /\b(quais (servicos|exames|procedimentos|tratamentos)|que (servicos|exames|procedimentos|tratamentos)|o que voces fazem|voces fazem|voces tem|servicos|procedimentos|tratamentos)\b/,
  professionals:
    /\b(quais (medicos|medicas|doutores|doutoras|profissionais|dentistas)|quem atende|que medico|qual medico|qual doutor|qual doutora|profissionais|especialidade|especialidades|especialista)\b/,
  modality:
    /\b(online|on line|teleconsulta|telemedicina|video ?chamada|por video|remot\w*|a distancia|presencial)\b/,
  // Where the door is: answered from the establishment's description (issue #27).
  entrance:
    /\b(entrada|entro|entrar|portaria|qual (o )?andar|que andar|ponto de referencia|referencia|como (eu )?(acho|encontro)|fica perto|perto de que|fica do lado)\b/,
};

const NEGATED_REQUEST =
  /\b(nao|sem) (precisa|preciso|precisar|quero|queria|vou|vai|e pra|e para|tem que|ha necessidade de|necessidade de)( de| mais)? (remarc|reagend|cancel|desmarc|marc|agend|confirm|mud|troc|alter|transfer)\w*\b/g;

/** The caller's own appointment named ('tenho uma consulta na quinta', 'marquei o banho', 'minha sessão de terça'). */
const APPOINTMENT_NOUN =
  "(consulta|sessao|horario|agendamento|exame|retorno|banho|corte|atendimento|avaliacao|teste|eletro\\w*|coleta|vacina|escova|manicure|pedicure|ultrassom\\w*|ultra\\w*|raio\\w*|limpeza|tosa|mapeamento|aplicacao|coloracao|procedimento|fisio\\w*|psico\\w*|terapia|tratamento)";
const OWN_APPOINTMENT = new RegExp(
  `\\b((eu )?(tenho|tinha) (um|uma|o|a) ${APPOINTMENT_NOUN}|marquei|agendei|(ja )?(esta|ta|estava|tava) (marcad|agendad)\\w*|(o |a )?(minha|meu) ${APPOINTMENT_NOUN}( \\w+){0,2} (de|do|da|na|no) (hoje|amanha|segunda|terca|quarta|quinta|sexta|sabado|domingo|dia))\\b`,
);
/** A new day asked for it: 'pra sexta', 'na segunda que vem', 'pra outro dia'. */
const TO_DAY =
  /\b(pra|para|pro|na|no) (o |a )?(outro dia|outra data|outro horario|dia \w+|amanha|depois|segunda|terca|quarta|quinta|sexta|sabado|domingo|semana|proxim\w*)/g;
const MOVE_VERB =
  /\b(marcar|marca|agendar|agenda|passar|passa|trocar|troca|mudar|muda|jogar|mover|colocar|botar|deixar)\b/;
/** 'marcar um exame', 'agendar outra consulta': something new, not the appointment the caller has. */
const NEW_OBJECT = /\b(marcar|agendar) (um|uma|outro|outra|mais um|mais uma) (?!dia\b|data\b|horario\b)\w+/;

/**
 * A move worded as a booking (docs/decisions/0058): the caller names an appointment they have and a new day for
 * it ('tenho uma consulta na quinta e queria marcar ela pra sexta', 'marquei o banho pra quinta mas não vou poder
 * levar, queria agendar pra sexta', 'não vou conseguir ir no eletro de quarta, dá pra marcar na sexta?'). Booking
 * it new would leave the old one standing: two appointments where the caller wanted one.
 */
function moveWordedAsBooking(n: string): boolean {
  const own = OWN_APPOINTMENT.exec(n) ?? /\bnao vou (poder|conseguir) (ir|comparecer|levar)\b/.exec(n);
  if (!own) return false;
  const verb = MOVE_VERB.exec(n);
  if (!verb || NEW_OBJECT.test(n)) return false;
  // The new day comes after both the appointment and the verb ('tá marcado pra sexta, queria deixar confirmado'
  // names no new day).
  const from = Math.max(own.index + own[0].length, verb.index + verb[0].length);
  return [...n.slice(from).matchAll(TO_DAY)].length > 0;
}

/** The intents a turn carries, most specific first. */
export function intentsOf(text: string | Said): Intent[] {
  // 'não precisa remarcar', 'não quero cancelar': a negated request is no request (issue #27).
  const n = normOf(text).replace(NEGATED_REQUEST, " ");
  const found: Intent[] = [];
  for (const intent of [
    "reschedule",
    "cancel",
    "confirm",
    "check",
    "transfer",
    "goodbye",
    "thanks",
    "book",
  ] as const) {
    if (INTENT_PATTERNS[intent].test(n)) found.push(intent);
  }
  if (!found.includes("reschedule") && moveWordedAsBooking(n)) {
    found.unshift("reschedule");
    // 'não vou conseguir ir …, dá pra marcar na sexta': the cancel cue names the appointment being moved.
    const i = found.indexOf("cancel");
    if (i >= 0) found.splice(i, 1);
  }
  // 'cancelar e marcar outro dia' is a reschedule; a reschedule also names 'horário'/'consulta' (book words).
  if (found.includes("reschedule") || found.includes("cancel") || found.includes("confirm")) {
    return found.filter((i) => i !== "book" && i !== "check");
  }
  if (found.includes("check")) return found.filter((i) => i !== "book");
  return found;
}

/** The topics a turn asks about. A question word or a topic word alone is enough ('estacionamento?'). */
export function topicsOf(text: string | Said): Topic[] {
  const n = normOf(text);
  const found: Topic[] = [];
  for (const topic of Object.keys(TOPIC_PATTERNS) as Topic[]) {
    if (TOPIC_PATTERNS[topic].test(n)) found.push(topic);
  }
  // 'preço' wins over 'quanto tempo' only when money words are there.
  if (found.includes("duration") && found.includes("price") && !/\b(preco|valor|custa|reais)\b/.test(n)) {
    return found.filter((t) => t !== "price");
  }
  return found;
}

/** A question, not a request: 'vocês têm estacionamento?', 'quanto custa', 'aceita unimed'. */
export function isQuestion(text: string | Said): boolean {
  const n = normOf(text);
  return (
    /\?/.test(textOf(text)) ||
    /\b(quanto|quais|qual|onde|como|quando|que horas|tem|tem|aceita|aceitam|atende|atendem|precisa|preciso|pode|posso|e|fica|existe|faz|fazem|voces|sabe|gostaria de saber|queria saber|quero saber|me diz|me fala|informa\w*)\b/.test(
      n,
    )
  );
}

/**
 * Words of an emergency happening now (a chest pain, no breath, a faint, a seizure, heavy bleeding): no booking
 * answers them; the caller is sent to the emergency services first (issue #27).
 */
const EMERGENCY =
  /\b(emergencia|dor (muito )?(forte )?no peito|infart\w*|avc|derrame|nao (consegue|consigo|esta conseguindo|to conseguindo) respirar|falta de ar|desmai\w*|convuls\w*|sangrando muito|hemorragia|engasgad\w*|envenen\w*|overdose|inconsciente|parou de respirar|atropelad\w*)\b/;

export function isEmergency(text: string | Said): boolean {
  return EMERGENCY.test(normOf(text));
}
