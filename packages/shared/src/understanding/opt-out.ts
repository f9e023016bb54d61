// A client's wish not to be contacted by the agent again (decision 0051), said on a confirmation call or typed in a
// WhatsApp reply: one reading for both, over the folded text (`normalize`).

/**
 * 'não quero mais receber ligações', 'para de me ligar', 'não me liguem mais', and as typed 'não quero mais receber'
 * or 'não quero receber mensagens'.
 */
export const OPT_OUT =
  /\b(nao (quero|queria|desejo|gostaria de) (mais )?(receber|que (me )?liguem|ser (mais )?(ligad|contatad)\w*)( mais)?( \w+){0,2} (ligac\w*|chamad\w*|contato\w*|telefonem\w*|mais)|para (de|com) (me )?ligar|parem de (me )?ligar|nao (me )?liguem? mais|nao (me )?ligue mais|tira (o )?meu (numero|telefone)|nao quero (mais )?(ligac\w*|chamad\w*)|nao (quero|queria|desejo|gostaria de) (mais )?receber( mais)?( (mensage\w*|ligac\w*|contato\w*|nada|isso|essas? \w+))?$)\b/;

/** The call record's data point for that wish (decision 0052): the call history reads it as 'Descadastrado'. */
export const OPT_OUT_DATA = { key: "Pedido", value: "Não receber ligações de confirmação" } as const;
