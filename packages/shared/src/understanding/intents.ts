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
    // 'se tiver às 11, eu troco a consulta de amanhã pra lá': the verb in the first person; 'isso, pode trocar' (its
    // object said before) (docs/decisions/0070).
    // 'tem como empurrar uma hora mais tarde?', 'adiantar meia hora': a shift of the appointment (decision 0071).
    /\b(?:empurrar|empurra|atrasar|atrasa|adiantar|adianta|puxar|puxa)(?: \w+){0,2} (?:uma|duas|meia|um|dois|\d+)(?: \w+)? (?:hora|horas|horinha|horinhas|dia|dias)\b|\b(pode|quero|queria|preciso|precisava|gostaria de|vou) (trocar|mudar|alterar|remarcar)( sim| por favor| ela| ele| essa| esse| o dia| a data| o horario)?$|\b(eu )?(troco|mudo|passo|remarco|jogo|adio) (a|o|minha|meu) (consulta|sessao|horario|agendamento|exame|retorno|banho|corte|atendimento|avaliacao|teste|coleta|vacina|escova|manicure|limpeza|tosa)\b|\b(mudar|muda|trocar|troca|alterar|altera|passar|passa|mover|jogar|empurrar)( \w+){1,3} (de|do|da|dessa|desta) (hoje|amanha|segunda|terca|quarta|quinta|sexta|sabado|domingo|dia \w+)\b|\b(remarc\w*|reagend\w*|adiar|adia|antecipar|(mudar|trocar|alterar|passar|mover|muda|troca|altera)\s+(o |a |meu |minha |de |do |da )*(horario|data|dia|consulta|agendamento|hora|atendimento|exame|sessao|limpeza|avaliacao)|outro (dia|horario) (para|pra) (a |minha )?(consulta|agendamento)|(mudar|trocar|passar) (para|pra) outro dia|(passar|jogar|empurrar|transferir|mudar|trocar) (ela |a consulta |o horario |o agendamento )?(para|pra|pro|pros) (o |a )?(outro|outra|a semana|semana|dia|amanha|segunda|terca|quarta|quinta|sexta|sabado|depois|proxima|proximo))\b/,
  // 'não vou mais precisar do eletro, pode tirar': no cancel word, a cancellation (issue #27); 'pode tirar uma
  // dúvida?' asks a question.
  cancel:
    /\b(cancel\w*|desmarc\w*|nao vou (poder|conseguir) (ir|comparecer|levar)|nao (posso|consigo) (ir|comparecer)|tirar (o|meu|minha) (agendamento|consulta|horario)|desistir|nao (vou|vamos) mais precisar|nao (preciso|precisamos) mais d[aeo]s?|(pode|consegue|da pra|poderia|podia|tem como) (tirar|retirar)(?! (uma |umas |a |minhas? )?duvidas?| sangue| foto)( (ela|ele|o|a|essa|esse|pra mim|para mim))?(?= *$| (que|porque|pois|por favor|entao|ta|so|sim)\b)|tira (a|o|essa|esse) (de|do|da) (segunda|terca|quarta|quinta|sexta|sabado|domingo|amanha|hoje|dia)|(vou|vai|vamos) (ter que|ter de|precisar) faltar)\b/,
  // 'tô ligando pra avisar que amanhã eu vou sim, pode deixar confirmado': a confirmation said as a notice.
  confirm:
    /\b(pode )?(deixar|deixa|fica|ficar) confirmad\w*|\bpode contar comigo\b|\b(to|tou|estou) indo sim\b|\b(eu )?vou estar (ai|la) sim\b|\b(avisar|dizer|falar) que (amanha |hoje |na \w+ |no \w+ )?(eu )?vou (sim|comparecer|estar ai)\b|\b(confirmar|confirma|confirmo|confirmacao)\s+(a |o |minha |meu |de |da |do |se )?(consulta|presenca|agendamento|horario|atendimento|sessao|exame|que vou|tenho|esta)\b|\bconfirmar (a |minha )?presenca\b|\b(confirmar|confirmacao|confirmando)\b/,
  // 'vou ver na minha agenda' is the caller's calendar, not 'agenda' (book) said as a verb.
  // 'já deixa marcado pra sábado', 'consegue me encaixar', 'teria como fazer mão e pé no sábado?': a booking with no
  // booking noun (decision 0071).
  book: /\b(deix\w* (marcad|agendad|reservad)\w*|(me )?encaixar|(queria|quero|gostaria de|preciso|precisava|teria como|tem como|da pra|dava pra|vou querer) fazer|marcar|marca|agendar|(?<!\b(minha|na|a|sua|da|tua|nossa|propria) )agenda|agendamento|marcacao|consulta|horario|horarios|vaga|vagas|encaixe|atendimento|queria ver|gostaria de ver|disponivel|disponibilidade|livre|sessao|avaliacao)\b/,
  // 'só queria saber se o meu corte de quinta é às 4 mesmo', 'que horas é a minha consulta?', 'saber se a consulta
  // da segunda está confirmada': the caller's own appointment looked up and said (issue #27).
  check:
    /\b((ver|saber|conferir|checar|olhar) se (a |o )?(minha |meu )?(\w+ ){0,3}(ja )?(esta|ta|continua|segue) (marcad|agendad|confirmad)\w*|(saber|lembrar|conferir|checar) (se |que horas |qual (e )?(o )?(horario|dia) |quando |o horario d[aeo] )?(e )?(a |o )?(minha|meu)|(que horas|qual (e )?o horario|que dia|quando) (e|era|vai ser|ficou|esta marcad\w*) (a |o )?(minha|meu)|que horas (e |era )?mesmo|(esqueci|nao lembro) (o horario|a hora|o dia|que horas|quando))\b/,
  transfer:
    /\b(atendente|humano|humana|pessoa( de verdade| real)?|recepcionista|secretaria|transfer\w*|falar com (alguem|uma pessoa|o doutor|a doutora|o medico|a medica|a clinica|o responsavel|a recepcao)|gerente|operador\w*|ramal)\b/,
  goodbye:
    /\b(tchau|tchauzinho|ate logo|ate mais|ate breve|ate a proxima|falou(?= *$| (tchau|valeu|obrigad\w*|ate|viu)\b)|pode desligar|vou desligar|so isso|era so isso|e so isso|era isso|era isso mesmo|so isso mesmo|nada mais|(?<!antes de )mais nada|por enquanto e so|tenha um bom dia|boa tarde pra voce|fica com deus)\b/,
  thanks: /\b(obrigad[oa]|valeu|agradeco|brigad[oa])\b/,
};

const TOPIC_PATTERNS: Record<Topic, RegExp> = {
  price:
    /\b(quanto (que )?(custa|e|fica|sai|cobra|ta|esta|vai ser|vai ficar|seria)|(o valor |o preco |isso |ele |ela )?depende (do|de|da) (que|o que)|(sai|fica|custa|e|da|cobra|cobram) quanto|preco|precos|valor|valores|custa|custo|cobram|cobra|cobrad[oa]s?|caro|barato|taxa|gratis|gratuit[oa]s?|de graca|tem que pagar|paga alguma coisa|pago a parte|e pago|e paga)\b/,
  preparation:
    /\b(preparo|preparacao|preparar|jejum|precis\w* (levar|fazer|trazer)( \w+){0,3} antes|(fazer|levar|trazer) (alguma coisa|algo|nada) antes|antes d[oa] (consulta|exame|procedimento|sessao)|tem que (levar|fazer|trazer)|o que (eu )?(levo|levar|trago|trazer|(preciso|tenho que|devo) (levar|trazer))|(preciso|tenho que|devo) (levar|trazer) (algum|alguma|algo|documento\w*|exame\w*)|instruc\w*|cuidados?( \w+){0,4} antes|posso (tomar|comer|beber) (\w+ ){0,2}(antes|no dia|de manha|cafe\w*)|(tenho|tem|preciso|precisa|devo|deve) (que |de )?(fazer|levar|trazer)( \w+){0,3} antes|precis\w* (levar|trazer) (alguma coisa|algo|algum|alguma|o pedido|pedido|documento\w*|exame\w*)|o que (que )?(eu )?(tenho|tem|preciso|precisa|devo) (que |de )?(levar|trazer))\b/,
  address:
    /\b(endereco|enderecos|onde fica|onde ficam|onde e|onde voces|localiza\w*|como (chego|chegar|faco para chegar)|qual a rua|que rua|qual rua|fica onde|bairro)\b/,
  parking:
    /\b(estaciona\w*|vaga (de|pra|para) (carro|estacionar)|onde (eu )?(paro|parar|deixo|estaciono) o carro|(parar|deixar|largar) o carro|garagem|manobrista|valet)\b/,
  accessibility:
    /\b(acessib\w*|acessivel|cadeirante|cadeira de rodas|rampa|elevador|escada|escadas|degrau|degraus|mobilidade|deficien\w*|andador|muleta)\b/,
  insurance:
    /\b(convenio|convenios|plano|planos|plano de saude|particular|reembolso|unimed|amil|bradesco|sulamerica|hapvida|cassi|geap|golden cross|omint|porto seguro|notredame|intermedica|prevent senior|care plus|mediservice|allianz)\b/,
  // A son or daughter is a topic when the visit is theirs ('pra minha filha', 'meu filho de 4 anos', 'o meu filho
  // pode?'), not in 'minha filha vai se apresentar na escola' (docs/decisions/0070).
  children:
    /\b(crianca|criancas|infantil|bebe|bebes|menor de idade|menor|pediatr\w*|anos de idade|adolescente|(pra|para|pro|pros|pras|do|da|de|o|a|pelo|pela) (meu|minha|meus|minhas) (filho|filha|filhos|filhas|neto|neta|menino|menina)|(ele|ela) tem \w+( \w+)? (anos?|meses|aninhos?)|(filho|filha|neto|neta|menino|menina) (de|tem|com) \w+( \w+)? (anos?|meses|aninhos?)|(filho|filha|neto|neta) (pode|podem|e atendid\w*))\b/,
  hours:
    /\b((que|quais) dias? (ela|ele|a doutora|o doutor|a dra \w+|o dr \w+|voces)? ?(atende|atendem|trabalha|trabalham|vem)|(atende|atendem|trabalha|trabalham) (em )?(que|quais) dias?|horario de (funcionamento|atendimento)|que horas (abre|fecha|voces abrem|voces fecham|funciona)|abre|abrem|fecha|fecham|funciona|funcionam|expediente|ate que horas|aberto|aberta|abrem no sabado|funciona no sabado|(abre|abrem|funciona|funcionam|atende|atendem|aberto|aberta)( \w+){0,3} feriados?|feriados?( \w+){0,3} (abre|abrem|funciona|funcionam|atende|atendem|aberto|aberta))\b/,
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

// The emphatic 'não' after it ('não quero remarcar não, quero cancelar') is part of it, not a second negation.
const NEGATED_REQUEST =
  /\b(nao|sem) (precisa|preciso|precisar|quero|queria|vou|vai|e pra|e para|tem que|ha necessidade de|necessidade de)( de| mais)? (remarc|reagend|cancel|desmarc|marc|agend|confirm|mud|troc|alter|transfer)\w*( nao)?\b|\bsem (remarc|reagend|marc|agend)\w*\b|\b(depois|mais tarde|outro dia|outra hora|qualquer coisa) (eu )?(remarco|marco|agendo|reagendo|vejo outro|ligo e marco|ligo pra marcar)\w*\b|\b(eu )?(remarco|marco|agendo|reagendo) (outro|outra|depois|mais tarde)( dia| hora| vez)?\b/g;

/**
 * 'preciso mudar meu eletro', 'trocar o meu teste ergométrico pra semana que vem': a move verb on something of the
 * caller's that is no registration field ('mudar meu telefone' is an update: update.ts).
 */
const MOVE_OWN =
  /\b(mudar|muda|trocar|troca|alterar|altera|passar|passa|mover|jogar|joga|empurrar|adiar)( o| a)? (meu|minha) (?!(telefone|celular|numero|contato|whats\w*|zap|endereco|e ?mail|nome|sobrenome|cpf|documento|convenio|plano|carteir\w*|cadastro|dados|ficha|senha)\b)\w+/;

/** The caller's own appointment named ('tenho uma consulta na quinta', 'marquei o banho', 'minha sessão de terça'). */
const APPOINTMENT_NOUN =
  "(consulta|sessao|horario|agendamento|exame|retorno|banho|corte|atendimento|avaliacao|teste|eletro\\w*|coleta|vacina|escova|manicure|pedicure|ultrassom\\w*|ultra\\w*|raio\\w*|limpeza|tosa|mapeamento|aplicacao|coloracao|procedimento|fisio\\w*|psico\\w*|terapia|tratamento|unha|unhas|sobrancelha|depilacao|massagem|hidratacao|acupuntura|pilates|clareamento|castracao|hemograma)";
const OWN_APPOINTMENT = new RegExp(
  `\\b((eu )?(tenho|tinha) (um|uma|o|a|dois|duas|uns|umas) ${APPOINTMENT_NOUN}|(aquela|aquele) ${APPOINTMENT_NOUN}( \\w+){0,4} (dela|dele|marcad\\w*|agendad\\w*|com voces)|(aquela|aquele) ${APPOINTMENT_NOUN}( \\w+){0,3} (de|do|da|na|no) (hoje|amanha|segunda|terca|quarta|quinta|sexta|sabado|domingo|dia)|marquei|agendei|(tinha|havia) (marcado|agendado)|(ja )?(esta|ta|estava|tava) (marcad|agendad)\\w*|(o |a )?(minha|meu) ${APPOINTMENT_NOUN}( \\w+){0,2} (de|do|da|na|no) (hoje|amanha|segunda|terca|quarta|quinta|sexta|sabado|domingo|dia))\\b`,
);
/** A new day asked for it: 'pra sexta', 'na segunda que vem', 'pra outro dia'. */
const TO_DAY =
  /\b(pra|para|pro|na|no) (o |a )?(outro dia|outra data|outro horario|dia \w+|amanha|depois|segunda|terca|quarta|quinta|sexta|sabado|domingo|semana|proxim\w*)/g;
const MOVE_VERB =
  /\b(marcar|marca|agendar|agenda|passar|passa|trocar|troca|mudar|muda|jogar|mover|colocar|botar|deixar|(da|dava|daria|pode|poderia|tem como) (pra )?(ser|ficar))\b/;
/** 'não vou conseguir ir na sexta, consegue pra segunda?': a new day after the cue, with no verb needed. */
const CANT_GO = /\bnao vou (poder|conseguir) (ir|comparecer|levar)\b/;
const NEW_DAY_AFTER_CANT_GO =
  /\b(pra|para|pro) (o |a )?(outro dia|outra data|outro horario|dia \w+|amanha|depois|segunda|terca|quarta|quinta|sexta|sabado|domingo|semana|proxim\w*)|\bser (na|no) (dia|segunda|terca|quarta|quinta|sexta|sabado|domingo|semana|proxim\w*)/;
/** 'desmarcar e marcar pra outro dia', 'cancelar e agendar na semana que vem': a move. */
const CANCEL_AND_BOOK =
  /\b(cancel\w*|desmarc\w*) (ela |ele |a consulta |o horario )?e (marcar|agendar|remarcar|marca|agenda) (\w+ ){0,2}(outro|outra|semana|dia|amanha|segunda|terca|quarta|quinta|sexta|sabado|domingo|proxim\w*)\b/;
/**
 * 'marcar um exame', 'agendar outra consulta', 'marcar também um exame': something new, not the appointment the
 * caller has ('tinha marcado a consulta … e queria marcar também um exame' moved the consulta: decision 0068).
 */
const NEW_OBJECT =
  /\b(marcar|agendar)( tambem| junto| agora)? (um|uma|outro|outra|mais um|mais uma) (?!dia\b|data\b|horario\b)\w+/;

/**
 * A move worded as a booking (docs/decisions/0058): the caller names an appointment they have and a new day for
 * it ('tenho uma consulta na quinta e queria marcar ela pra sexta', 'marquei o banho pra quinta mas não vou poder
 * levar, queria agendar pra sexta', 'não vou conseguir ir no eletro de quarta, dá pra marcar na sexta?'). Booking
 * it new would leave the old one standing: two appointments where the caller wanted one.
 */
function moveWordedAsBooking(n: string): boolean {
  if (CANCEL_AND_BOOK.test(n)) return true;
  const cantGo = CANT_GO.exec(n);
  if (cantGo && NEW_DAY_AFTER_CANT_GO.test(n.slice(cantGo.index + cantGo[0].length))) return true;
  const own = OWN_APPOINTMENT.exec(n) ?? cantGo;
  if (!own) return false;
  const verb = MOVE_VERB.exec(n);
  if (!verb || NEW_OBJECT.test(n)) return false;
  // The new day comes after both the appointment and the verb ('tá marcado pra sexta, queria deixar confirmado'
  // names no new day).
  const from = Math.max(own.index + own[0].length, verb.index + verb[0].length);
  return [...n.slice(from).matchAll(TO_DAY)].length > 0;
}

// ── Moves said with no move verb (docs/decisions/0068): 'eu tinha marcado pra sexta mas queria segunda', 'minha
// consulta de sexta pode ser às 10?', 'a de sexta pode ser segunda?', 'não dá pra mim sexta, tem segunda?', 'minha
// sessão é dia 4, né? consegue dia 6?', 'segunda que vem em vez de quarta'. The caller names an appointment they
// have (or a day they can't) and a new day or time for it; booking it new would leave the old one standing.
const DAY = "(?:hoje|amanha|segunda|terca|quarta|quinta|sexta|sabado|domingo|dia \\w+)";
/** A new day or time, or one relative to the appointment ('uma hora mais cedo', 'no mesmo dia'). */
const NEW_WHEN =
  "(?:depois de amanha|(?:um|uma|dois|duas|tres|\\d+) (?:dia|dias|semana|semanas) (?:antes|depois|mais cedo|mais tarde)|hoje|amanha|segunda|terca|quarta|quinta|sexta|sabado|domingo|dia \\w+|semana|proxim\\w*|outro dia|outra data|outro horario|mesmo dia|mesmo horario|mais cedo|mais tarde|as \\w+|a tarde|de manha|a noite|(?:fim|final|comeco|inicio) da (?:tarde|manha)|(?:uma|duas|tres|meia|\\d+)(?: e meia)? horas? (?:mais cedo|mais tarde|antes|depois)|\\d+\\w*)\\b";
/** Words that may stand between the ask and the day ('mas queria no sábado', 'pode ser lá pelas três'). */
const GLUE =
  "(?: (?:na|no|nas|nos|pra|para|pro|o|a|em|que|fosse|seja|ser|ficar|mim|tipo|logo|entao|ai|la|pelas|umas|so|me|encaixar|colocar|mais|por|volta|das|do))*";
/**
 * The caller's own appointment on a day: 'a de sexta', 'a consulta de quinta', 'minha sessão é dia 4', 'o banho do
 * Thor é na quinta'.
 */
const OWN_ON_DAY = new RegExp(
  `\\b(?:(?:a|o) (?:de|do|da) ${DAY}|(?:a|o) ${APPOINTMENT_NOUN}( \\w+){0,2} (?:de|do|da|na|no) ${DAY}|(?:minha|meu|a|o) ${APPOINTMENT_NOUN}( \\w+){0,3} (?:e|era|ta|esta|fica|ficou)(?: marcad\\w*)?(?: na| no| pra| para)? ${DAY})\\b`,
);
/**
 * 'a minha consulta com a Dra. Beatriz: dá pra ficar pra quinta?': the caller's own appointment named without its day
 * (docs/decisions/0070); a first one ('minha primeira consulta') is a booking.
 */
const OWN_NO_DAY = new RegExp(
  `\\b(?:a |o )?(?:minha|meu) ${APPOINTMENT_NOUN}\\b(?! (?:nova|novo|primeira|primeiro))`,
);
/** 'mas queria quinta', 'mas pra mim seria melhor sexta': the new day after a contrast. */
const BUT_WANTS = new RegExp(
  `\\bmas (?:eu )?(?:pra mim |para mim )?(?:queria|quero|preferia|prefiro|gostaria|precisava|preciso|seria melhor|seria|era melhor|fica melhor|ficaria melhor|melhor|pode ser|podia ser|poderia ser|da pra ser|daria pra ser|teria|tem)${GLUE} ${NEW_WHEN}`,
);
/**
 * 'pode ser às 10?', 'dá pra ser no mesmo dia', 'consegue dia 6?', 'tem segunda?', 'seria possível quinta?', 'será
 * que dá na segunda?', 'eu consigo chegar só às cinco': a new day or time asked for. A bare 'dá' needs 'pra'/'na'/'no' after it ('a consulta da
 * segunda' names a day, it asks for none).
 */
const CAN_IT_BE = new RegExp(
  `\\b(?:(?:pode|poderia|podia|da|dava|daria|tem como|consegue|conseguiria|teria como)(?: pra| para)? (?:ser|ficar)|(?:seria|e|sera|fica) possivel(?: ser| ficar| passar| mudar)?|(?:sera que )?(?:da|dava|daria)(?= (?:pra|para|na|no|nas|nos)\\b)|sera que (?:tem|teria|pode|consegue)|(?:so )?(?:consigo|conseguiria|vou conseguir|posso|poderia) (?:chegar|ir|estar ai|estar la)(?: so)?|consegue|conseguiria|teria|tem)${GLUE} ${NEW_WHEN}`,
);
/** 'não dá pra mim sexta', 'não posso na quinta': a day the caller can't (their appointment's). */
const CANT_ON_DAY = new RegExp(
  `\\bnao (?:da|vai dar|daria|posso|consigo|vou conseguir|vou poder|tenho como)(?: mais)?(?: pra mim| para mim)?(?: ir)?(?: na| no| de| do| da)? ${DAY}\\b`,
);
/** 'segunda que vem em vez de quarta': the day after 'em vez de' is the appointment's. */
const INSTEAD_OF = new RegExp(`\\b(?:em vez|ao inves|no lugar) d[eao] (?:a |o )?${DAY}\\b`);
const BOOK_VERB = /\b(marcar|marca|agendar|agenda)\b/;
const ANY_NEW_WHEN = new RegExp(`\\b${NEW_WHEN}`);
/** From an appointment's words to its day: at most five words, then the day ('… a consulta pra quinta'). */
const UP_TO_DAY = new RegExp(`^(?:\\S+ ){0,5}?${DAY}(?: que vem)?\\b`);

/** Where a move said without a move verb names the appointment (`old`) and the new day or time (`new`). */
export interface MoveParts {
  old: string;
  new: string;
}

/** A move said with no move verb: the words naming the appointment and those naming the new day or time. */
export function verblessMove(text: string | Said): MoveParts | undefined {
  const n = normOf(text);
  if (NEW_OBJECT.test(n)) return undefined;
  const instead = INSTEAD_OF.exec(n);
  if (instead) {
    const rest = `${n.slice(0, instead.index)} ${n.slice(instead.index + instead[0].length)}`;
    if (ANY_NEW_WHEN.test(rest)) return { old: instead[0], new: rest };
  }
  const own =
    OWN_APPOINTMENT.exec(n) ?? OWN_ON_DAY.exec(n) ?? (BOOK_VERB.test(n) ? null : OWN_NO_DAY.exec(n));
  const cant = BOOK_VERB.test(n) ? null : CANT_ON_DAY.exec(n);
  const ref = own && cant ? (own.index <= cant.index ? own : cant) : (own ?? cant);
  if (!ref) return undefined;
  const from = ref.index + ref[0].length;
  for (const pivot of [BUT_WANTS, CAN_IT_BE]) {
    const m = pivot.exec(n.slice(from));
    if (m) return { old: n.slice(0, from + m.index), new: n.slice(from + m.index) };
  }
  return undefined;
}

/**
 * Where the words about an appointment the caller has end, after its day: 'eu tinha marcado a consulta pra quinta|
 * e queria marcar também um exame na sexta'. A new booking's day is read after it (docs/decisions/0068).
 */
/**
 * The caller speaks of an appointment they have ('eu tenho duas fisioterapias essa semana', 'aquela consulta dela na
 * quarta', 'a minha unha de sexta', 'o meu corte com a Juliana'): looked up and said before anything is booked
 * (docs/decisions/0071).
 */
export function namesOwnAppointment(text: string | Said): boolean {
  const n = normOf(text);
  return OWN_APPOINTMENT.test(n) || OWN_ON_DAY.test(n) || OWN_NO_DAY.test(n);
}

export function ownAppointmentDayEnd(text: string | Said): number | undefined {
  const n = normOf(text);
  const own = OWN_APPOINTMENT.exec(n);
  if (!own) return undefined;
  const day = UP_TO_DAY.exec(n.slice(own.index));
  return day ? own.index + day[0].length : undefined;
}

export interface IntentOptions {
  /**
   * false while a booking is under way: there 'sexta não dá pra mim, tem segunda?' answers the booking's offer, it
   * names no appointment to move (docs/decisions/0068).
   */
  verblessMoves?: boolean;
}

/** The intents a turn carries, most specific first. */
export function intentsOf(text: string | Said, opts: IntentOptions = {}): Intent[] {
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
  if (
    !found.includes("reschedule") &&
    (MOVE_OWN.test(n) || moveWordedAsBooking(n) || (opts.verblessMoves !== false && verblessMove(n)))
  ) {
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
  // 'quanto fica e quanto tempo dura?' asks both (docs/decisions/0070).
  if (
    found.includes("duration") &&
    found.includes("price") &&
    !/\b(preco|valor|custa|reais|quanto (que )?(fica|sai|cobra\w*|vai ficar|vai sair)|(fica|sai|custa) quanto)\b/.test(
      n,
    )
  ) {
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
