// What the demo agent says, in each language it speaks (the widget's nine locales). The phrases a
// visitor types stay the English keywords of triggers.ts in every language; only the agent's own
// words change. The conversation's language is kept in its state (`language`), set from the
// widget's locale on join or by "language <code>".

export const AGENT_LANGUAGES = ['en', 'fr', 'ar', 'es', 'de', 'pt', 'it', 'ja', 'zh'] as const;
export type AgentLanguage = (typeof AGENT_LANGUAGES)[number];

/** The language of `code` the agent speaks (`fr-CA` → `fr`), or undefined. */
export function agentLanguage(code: unknown): AgentLanguage | undefined {
  if (typeof code !== 'string') return undefined;
  const primary = code.toLowerCase().split(/[-_]/)[0];
  return AGENT_LANGUAGES.find((language) => language === primary);
}

export interface AgentWords {
  greeting: string;
  /** After "language <code>": said in the new language. */
  languageChanged: string;
  /** "language <code>" for a language the agent does not speak: it stays in the current one. */
  languageUnknown: (code: string) => string;
  youSaid: (quoted: string) => string;
  /** Introduces the list of phrases (the phrases themselves stay English keywords). */
  tryThese: string;
  goodbye: string;
  stream: string;
  long: readonly string[];
  markdownIntro: string;
  markdownList: string;
  markdownRead: string;
  suggest: string;
  link: string;
  image: string;
  handoffIntro: string;
  handoffFailed: string;
  handoffTimeout: string;
  clientHandoff: string;
  pay: (link: string) => string;
  paymentStatus: (status: string) => string;
  liveGreeting: string;
  liveReply: (quoted: string) => string;
  liveGoodbye: string;
}

const EN: AgentWords = {
  greeting: "Hi, I'm Ada, the demo agent. Ask me anything, or pick one of the suggestions below.",
  languageChanged: 'Fine, I will go on in English.',
  languageUnknown: (code) => `I don't speak "${code}"; I will go on in English.`,
  youSaid: (quoted) => `You said: "${quoted}". I'm a scripted demo agent; say "help" to see what I can do.`,
  tryThese: 'Try these phrases:',
  goodbye: 'Goodbye! Thanks for trying the demo.',
  stream:
    'Streaming sends a reply in small chunks as it is written, so the first words appear at once. ' +
    'Each chunk carries an index; the widget joins them in order, whatever order they arrive in.',
  long: [
    'Here is a longer answer, so you can watch a streamed reply grow and check that scrolling keeps up.',
    'A messaging session starts with an HTTP handshake: the page trades a connector token for a short-lived access token, then creates a session, then opens a WebSocket.',
    'Everything after that is JSON events. The server numbers each event it keeps in the history, so a client that drops off can come back with a cursor and receive only what it missed.',
    'Replies may arrive whole or in chunks. Chunks of one message share an id and carry a position, so the client can rebuild the text even when the network shuffles them.',
    'When a question needs a person, the agent hands the conversation to a live agent: the user waits in a queue, sees the agent join and type, and keeps chatting in the same window.',
    'When the conversation is over, the server sends a session end event; the widget disables the input and offers a fresh start.',
  ],
  markdownIntro: 'Agent replies can use **bold**, *italic* and `inline code`.',
  markdownList: 'Lists with bullets|and **formatting** inside|Numbered steps|in order',
  markdownRead: 'Read [the demo article]({article}) or visit https://example.com/docs for more.',
  suggest: 'Here are a few things you could ask next:',
  link: 'Here is an article about this demo platform:',
  image: 'Here is a picture:',
  handoffIntro: 'Let me connect you with a human colleague. One moment, please.',
  handoffFailed: "Sorry, I couldn't reach a human colleague. I'm still here to help, or you can try again later.",
  handoffTimeout: 'Sorry, nobody picked up in time. Please try again later; I am still here meanwhile.',
  clientHandoff: 'That is a question for our billing team. I am passing you over to them now.',
  pay: (link) => `You can pay securely here: ${link} — I will tell you in this conversation as soon as the payment provider confirms.`,
  paymentStatus: (status) => `Payment update: the payment status is "${status}".`,
  liveGreeting: "Hi, this is Sam from support. I've read the conversation so far. How can I help?",
  liveReply: (quoted) => `Sam here: thanks, I'm looking into "${quoted}". Say "bye" when you are done.`,
  liveGoodbye: 'Glad I could help. Take care!',
};

const FR: AgentWords = {
  greeting: 'Bonjour, je suis Ada, l’agent de démonstration. Posez-moi une question ou choisissez une suggestion ci-dessous.',
  languageChanged: 'Très bien, je continue en français.',
  languageUnknown: (code) => `Je ne parle pas « ${code} » ; je continue en français.`,
  youSaid: (quoted) =>
    `Vous avez dit : « ${quoted} ». Je suis un agent de démonstration scripté ; dites "help" pour voir ce que je sais faire.`,
  tryThese: 'Essayez ces phrases :',
  goodbye: 'Au revoir ! Merci d’avoir essayé la démo.',
  stream:
    'Le streaming envoie une réponse en petits morceaux à mesure qu’elle s’écrit : les premiers mots s’affichent tout de suite. ' +
    'Chaque morceau porte un numéro ; le widget les assemble dans l’ordre, quel que soit leur ordre d’arrivée.',
  long: [
    'Voici une réponse plus longue, pour voir grandir une réponse en streaming et vérifier que le défilement suit.',
    'Une session de messagerie commence par un échange HTTP : la page échange un jeton de connecteur contre un jeton d’accès de courte durée, crée une session, puis ouvre un WebSocket.',
    'Ensuite, tout est événement JSON. Le serveur numérote chaque événement qu’il garde dans l’historique : un client qui décroche revient avec un curseur et ne reçoit que ce qu’il a manqué.',
    'Quand la conversation est terminée, le serveur envoie un événement de fin de session ; le widget désactive la saisie et propose de recommencer.',
  ],
  markdownIntro: 'Les réponses de l’agent peuvent utiliser le **gras**, l’*italique* et le `code`.',
  markdownList: 'Des listes à puces|avec de la **mise en forme**|Des étapes numérotées|dans l’ordre',
  markdownRead: 'Lisez [l’article de la démo]({article}) ou consultez https://example.com/docs pour en savoir plus.',
  suggest: 'Voici quelques idées de questions :',
  link: 'Voici un article sur cette plateforme de démonstration :',
  image: 'Voici une image :',
  handoffIntro: 'Je vous mets en relation avec un collègue. Un instant, s’il vous plaît.',
  handoffFailed: 'Désolée, je n’ai pas pu joindre de collègue. Je reste là pour vous aider, ou réessayez plus tard.',
  handoffTimeout: 'Désolée, personne n’a répondu à temps. Réessayez plus tard ; je reste là en attendant.',
  clientHandoff: 'C’est une question pour notre service facturation. Je vous transmets à eux.',
  pay: (link) =>
    `Vous pouvez payer en toute sécurité ici : ${link} — je vous le dirai dans cette conversation dès que le prestataire de paiement confirme.`,
  paymentStatus: (status) => `Paiement : le statut du paiement est « ${status} ».`,
  liveGreeting: 'Bonjour, ici Sam du support. J’ai lu la conversation. Comment puis-je vous aider ?',
  liveReply: (quoted) => `Sam : merci, je regarde « ${quoted} ». Dites "bye" quand vous avez terminé.`,
  liveGoodbye: 'Ravi d’avoir pu aider. Bonne journée !',
};

const AR: AgentWords = {
  greeting: 'مرحبًا، أنا آدا، وكيلة العرض التوضيحي. اسألني أي شيء، أو اختر أحد الاقتراحات أدناه.',
  languageChanged: 'حسنًا، سأكمل بالعربية.',
  languageUnknown: (code) => `لا أتحدث «${code}»؛ سأكمل بالعربية.`,
  youSaid: (quoted) => `قلت: «${quoted}». أنا وكيلة عرض توضيحي مبرمجة؛ اكتب "help" لترى ما يمكنني فعله.`,
  tryThese: 'جرّب هذه العبارات:',
  goodbye: 'مع السلامة! شكرًا لتجربة العرض التوضيحي.',
  stream:
    'يرسل البث الرد على دفعات صغيرة أثناء كتابته، فتظهر الكلمات الأولى فورًا. تحمل كل دفعة رقمًا، ويجمعها الويدجت بالترتيب مهما كان ترتيب وصولها.',
  long: [
    'إليك إجابة أطول، لترى الرد المبثوث يكبر وتتأكد من أن التمرير يواكبه.',
    'تبدأ جلسة المراسلة بمصافحة HTTP: تستبدل الصفحة رمز الموصل برمز وصول قصير العمر، ثم تنشئ جلسة، ثم تفتح WebSocket.',
    'بعد ذلك كل شيء أحداث JSON. يرقّم الخادم كل حدث يحفظه في السجل، فيعود العميل المنقطع بمؤشر ولا يتلقى إلا ما فاته.',
    'عند انتهاء المحادثة يرسل الخادم حدث نهاية الجلسة؛ فيعطّل الويدجت الإدخال ويعرض بدء محادثة جديدة.',
  ],
  markdownIntro: 'يمكن لردود الوكيل استخدام **الخط العريض** و*المائل* و`الشيفرة`.',
  markdownList: 'قوائم نقطية|مع **تنسيق** داخلها|خطوات مرقّمة|بالترتيب',
  markdownRead: 'اقرأ [مقالة العرض التوضيحي]({article}) أو زر https://example.com/docs للمزيد.',
  suggest: 'إليك بعض ما يمكنك أن تسأله بعد ذلك:',
  link: 'إليك مقالة عن منصة العرض التوضيحي هذه:',
  image: 'إليك صورة:',
  handoffIntro: 'سأوصلك بزميل من البشر. لحظة من فضلك.',
  handoffFailed: 'عذرًا، لم أتمكن من الوصول إلى زميل. ما زلت هنا للمساعدة، أو حاول لاحقًا.',
  handoffTimeout: 'عذرًا، لم يرد أحد في الوقت المحدد. حاول لاحقًا؛ أنا هنا في الأثناء.',
  clientHandoff: 'هذا سؤال لفريق الفواتير لدينا. سأحوّلك إليهم الآن.',
  pay: (link) => `يمكنك الدفع بأمان هنا: ${link} — سأخبرك في هذه المحادثة فور تأكيد مزود الدفع.`,
  paymentStatus: (status) => `تحديث الدفع: حالة الدفع «${status}».`,
  liveGreeting: 'مرحبًا، معك سام من الدعم. قرأت المحادثة حتى الآن. كيف أساعدك؟',
  liveReply: (quoted) => `سام: شكرًا، أنظر في «${quoted}». اكتب "bye" عند الانتهاء.`,
  liveGoodbye: 'سعدت بمساعدتك. اعتنِ بنفسك!',
};

const ES: AgentWords = {
  greeting: 'Hola, soy Ada, el agente de demostración. Pregúntame lo que quieras o elige una de las sugerencias de abajo.',
  languageChanged: 'Muy bien, sigo en español.',
  languageUnknown: (code) => `No hablo «${code}»; sigo en español.`,
  youSaid: (quoted) => `Has dicho: «${quoted}». Soy un agente de demostración con guion; di "help" para ver lo que sé hacer.`,
  tryThese: 'Prueba estas frases:',
  goodbye: '¡Adiós! Gracias por probar la demo.',
  stream:
    'El streaming envía la respuesta en trozos pequeños mientras se escribe, así las primeras palabras aparecen enseguida. ' +
    'Cada trozo lleva un índice; el widget los une en orden, lleguen en el orden que lleguen.',
  long: [
    'Aquí tienes una respuesta más larga, para ver crecer una respuesta en streaming y comprobar que el desplazamiento la sigue.',
    'Una sesión de mensajería empieza con un intercambio HTTP: la página cambia un token de conector por un token de acceso de corta duración, crea una sesión y abre un WebSocket.',
    'Después, todo son eventos JSON. El servidor numera cada evento que guarda en el historial, así un cliente que se desconecta vuelve con un cursor y recibe solo lo que se perdió.',
    'Cuando la conversación termina, el servidor envía un evento de fin de sesión; el widget desactiva la entrada y ofrece empezar de nuevo.',
  ],
  markdownIntro: 'Las respuestas del agente pueden usar **negrita**, *cursiva* y `código`.',
  markdownList: 'Listas con viñetas|con **formato** dentro|Pasos numerados|en orden',
  markdownRead: 'Lee [el artículo de la demo]({article}) o visita https://example.com/docs para saber más.',
  suggest: 'Algunas cosas que podrías preguntar ahora:',
  link: 'Aquí tienes un artículo sobre esta plataforma de demostración:',
  image: 'Aquí tienes una imagen:',
  handoffIntro: 'Te pongo en contacto con un compañero. Un momento, por favor.',
  handoffFailed: 'Lo siento, no pude contactar con un compañero. Sigo aquí para ayudarte, o inténtalo más tarde.',
  handoffTimeout: 'Lo siento, nadie respondió a tiempo. Inténtalo más tarde; mientras tanto sigo aquí.',
  clientHandoff: 'Esa es una pregunta para nuestro equipo de facturación. Te paso con ellos ahora.',
  pay: (link) =>
    `Puedes pagar de forma segura aquí: ${link} — te lo diré en esta conversación en cuanto el proveedor de pagos lo confirme.`,
  paymentStatus: (status) => `Actualización del pago: el estado del pago es «${status}».`,
  liveGreeting: 'Hola, soy Sam, de soporte. He leído la conversación. ¿En qué puedo ayudarte?',
  liveReply: (quoted) => `Sam: gracias, estoy mirando «${quoted}». Di "bye" cuando termines.`,
  liveGoodbye: 'Me alegra haber ayudado. ¡Cuídate!',
};

const DE: AgentWords = {
  greeting: 'Hallo, ich bin Ada, der Demo-Agent. Fragen Sie mich etwas oder wählen Sie einen der Vorschläge unten.',
  languageChanged: 'Gut, ich mache auf Deutsch weiter.',
  languageUnknown: (code) => `„${code}“ spreche ich nicht; ich mache auf Deutsch weiter.`,
  youSaid: (quoted) => `Sie sagten: „${quoted}“. Ich bin ein geskripteter Demo-Agent; sagen Sie "help", um zu sehen, was ich kann.`,
  tryThese: 'Probieren Sie diese Sätze:',
  goodbye: 'Auf Wiedersehen! Danke, dass Sie die Demo ausprobiert haben.',
  stream:
    'Streaming sendet eine Antwort in kleinen Stücken, während sie entsteht, sodass die ersten Wörter sofort erscheinen. ' +
    'Jedes Stück trägt eine Nummer; das Widget fügt sie in der richtigen Reihenfolge zusammen, egal wie sie ankommen.',
  long: [
    'Hier ist eine längere Antwort, damit Sie sehen, wie eine gestreamte Antwort wächst und das Scrollen mithält.',
    'Eine Messaging-Sitzung beginnt mit einem HTTP-Handshake: Die Seite tauscht ein Connector-Token gegen ein kurzlebiges Zugriffstoken, legt eine Sitzung an und öffnet dann einen WebSocket.',
    'Danach ist alles JSON-Ereignisse. Der Server nummeriert jedes Ereignis im Verlauf, sodass ein Client nach einem Abbruch mit einem Cursor zurückkommt und nur das Verpasste erhält.',
    'Ist das Gespräch vorbei, sendet der Server ein Sitzungsende-Ereignis; das Widget sperrt die Eingabe und bietet einen Neustart an.',
  ],
  markdownIntro: 'Antworten des Agenten können **fett**, *kursiv* und `Code` enthalten.',
  markdownList: 'Listen mit Punkten|und **Formatierung** darin|Nummerierte Schritte|der Reihe nach',
  markdownRead: 'Lesen Sie [den Demo-Artikel]({article}) oder besuchen Sie https://example.com/docs für mehr.',
  suggest: 'Ein paar Dinge, die Sie als Nächstes fragen könnten:',
  link: 'Hier ist ein Artikel über diese Demo-Plattform:',
  image: 'Hier ist ein Bild:',
  handoffIntro: 'Ich verbinde Sie mit einem Kollegen. Einen Moment bitte.',
  handoffFailed: 'Leider konnte ich keinen Kollegen erreichen. Ich bin weiter für Sie da, oder versuchen Sie es später.',
  handoffTimeout: 'Leider hat niemand rechtzeitig abgenommen. Versuchen Sie es später; bis dahin bin ich für Sie da.',
  clientHandoff: 'Das ist eine Frage für unser Abrechnungsteam. Ich leite Sie jetzt weiter.',
  pay: (link) =>
    `Hier können Sie sicher bezahlen: ${link} — ich sage Ihnen in diesem Gespräch Bescheid, sobald der Zahlungsanbieter bestätigt.`,
  paymentStatus: (status) => `Zahlungsstand: Der Status der Zahlung ist „${status}“.`,
  liveGreeting: 'Hallo, hier ist Sam vom Support. Ich habe das Gespräch gelesen. Wie kann ich helfen?',
  liveReply: (quoted) => `Sam: Danke, ich sehe mir „${quoted}“ an. Sagen Sie "bye", wenn Sie fertig sind.`,
  liveGoodbye: 'Schön, dass ich helfen konnte. Alles Gute!',
};

const PT: AgentWords = {
  greeting: 'Olá, eu sou a Ada, o agente de demonstração. Pergunte-me o que quiser ou escolha uma das sugestões abaixo.',
  languageChanged: 'Muito bem, continuo em português.',
  languageUnknown: (code) => `Não falo «${code}»; continuo em português.`,
  youSaid: (quoted) => `Você disse: «${quoted}». Sou um agente de demonstração com roteiro; diga "help" para ver o que sei fazer.`,
  tryThese: 'Experimente estas frases:',
  goodbye: 'Adeus! Obrigado por experimentar a demo.',
  stream:
    'O streaming envia a resposta em pequenos pedaços enquanto é escrita, por isso as primeiras palavras aparecem logo. ' +
    'Cada pedaço tem um índice; o widget junta-os por ordem, seja qual for a ordem de chegada.',
  long: [
    'Eis uma resposta mais longa, para ver crescer uma resposta em streaming e verificar que a rolagem acompanha.',
    'Uma sessão de mensagens começa com uma troca HTTP: a página troca um token de conector por um token de acesso de curta duração, cria uma sessão e abre um WebSocket.',
    'Depois disso, tudo são eventos JSON. O servidor numera cada evento que guarda no histórico, e um cliente que cai volta com um cursor e recebe só o que perdeu.',
    'Quando a conversa termina, o servidor envia um evento de fim de sessão; o widget desativa a entrada e oferece recomeçar.',
  ],
  markdownIntro: 'As respostas do agente podem usar **negrito**, *itálico* e `código`.',
  markdownList: 'Listas com marcadores|com **formatação** dentro|Passos numerados|por ordem',
  markdownRead: 'Leia [o artigo da demo]({article}) ou visite https://example.com/docs para saber mais.',
  suggest: 'Algumas coisas que pode perguntar a seguir:',
  link: 'Eis um artigo sobre esta plataforma de demonstração:',
  image: 'Eis uma imagem:',
  handoffIntro: 'Vou pô-lo em contacto com um colega. Um momento, por favor.',
  handoffFailed: 'Desculpe, não consegui contactar um colega. Continuo aqui para ajudar, ou tente mais tarde.',
  handoffTimeout: 'Desculpe, ninguém atendeu a tempo. Tente mais tarde; entretanto continuo aqui.',
  clientHandoff: 'Essa é uma pergunta para a nossa equipa de faturação. Vou passá-lo para eles agora.',
  pay: (link) => `Pode pagar em segurança aqui: ${link} — aviso nesta conversa assim que o fornecedor de pagamentos confirmar.`,
  paymentStatus: (status) => `Atualização do pagamento: o estado do pagamento é «${status}».`,
  liveGreeting: 'Olá, aqui é o Sam do suporte. Li a conversa até agora. Como posso ajudar?',
  liveReply: (quoted) => `Sam: obrigado, estou a ver «${quoted}». Diga "bye" quando terminar.`,
  liveGoodbye: 'Fico contente por ter ajudado. Cuide-se!',
};

const IT: AgentWords = {
  greeting: 'Ciao, sono Ada, l’agente della demo. Chiedimi qualsiasi cosa o scegli uno dei suggerimenti qui sotto.',
  languageChanged: 'Va bene, continuo in italiano.',
  languageUnknown: (code) => `Non parlo «${code}»; continuo in italiano.`,
  youSaid: (quoted) => `Hai detto: «${quoted}». Sono un agente dimostrativo con copione; scrivi "help" per vedere cosa so fare.`,
  tryThese: 'Prova queste frasi:',
  goodbye: 'Arrivederci! Grazie per aver provato la demo.',
  stream:
    'Lo streaming invia la risposta a piccoli pezzi mentre viene scritta, così le prime parole compaiono subito. ' +
    'Ogni pezzo ha un indice; il widget li unisce in ordine, in qualunque ordine arrivino.',
  long: [
    'Ecco una risposta più lunga, per vedere crescere una risposta in streaming e controllare che lo scorrimento la segua.',
    'Una sessione di messaggistica inizia con uno scambio HTTP: la pagina scambia un token del connettore con un token di accesso di breve durata, crea una sessione e apre un WebSocket.',
    'Dopo, tutto è un evento JSON. Il server numera ogni evento che conserva nella cronologia, così un client che cade torna con un cursore e riceve solo ciò che ha perso.',
    'Quando la conversazione finisce, il server invia un evento di fine sessione; il widget disattiva l’inserimento e propone di ricominciare.',
  ],
  markdownIntro: 'Le risposte dell’agente possono usare **grassetto**, *corsivo* e `codice`.',
  markdownList: 'Elenchi puntati|con **formattazione** all’interno|Passi numerati|in ordine',
  markdownRead: 'Leggi [l’articolo della demo]({article}) o visita https://example.com/docs per saperne di più.',
  suggest: 'Ecco alcune cose che potresti chiedere ora:',
  link: 'Ecco un articolo su questa piattaforma dimostrativa:',
  image: 'Ecco un’immagine:',
  handoffIntro: 'Ti metto in contatto con un collega. Un momento, per favore.',
  handoffFailed: 'Mi dispiace, non sono riuscita a contattare un collega. Sono ancora qui per aiutarti, oppure riprova più tardi.',
  handoffTimeout: 'Mi dispiace, nessuno ha risposto in tempo. Riprova più tardi; nel frattempo sono qui.',
  clientHandoff: 'Questa è una domanda per il nostro ufficio fatturazione. Ti passo a loro adesso.',
  pay: (link) => `Puoi pagare in sicurezza qui: ${link} — te lo dirò in questa conversazione appena il fornitore di pagamenti conferma.`,
  paymentStatus: (status) => `Aggiornamento pagamento: lo stato del pagamento è «${status}».`,
  liveGreeting: 'Ciao, sono Sam dell’assistenza. Ho letto la conversazione. Come posso aiutarti?',
  liveReply: (quoted) => `Sam: grazie, sto guardando «${quoted}». Scrivi "bye" quando hai finito.`,
  liveGoodbye: 'Felice di esserti stato utile. A presto!',
};

const JA: AgentWords = {
  greeting: 'こんにちは、デモエージェントのエイダです。何でも聞いてください。下の候補から選ぶこともできます。',
  languageChanged: 'わかりました。ここからは日本語で続けます。',
  languageUnknown: (code) => `「${code}」は話せません。日本語で続けます。`,
  youSaid: (quoted) => `「${quoted}」と言いましたね。私は台本どおりに動くデモエージェントです。"help" と送るとできることが分かります。`,
  tryThese: '次のフレーズを試してください：',
  goodbye: 'さようなら！デモをお試しいただきありがとうございました。',
  stream:
    'ストリーミングでは返信を書きながら小さな断片で送るので、最初の言葉がすぐに表示されます。各断片には番号があり、届いた順番に関係なくウィジェットが正しい順に組み立てます。',
  long: [
    'ストリーミングされる返信が伸びていく様子と、スクロールが追いつくことを確かめられるよう、長めの回答をお送りします。',
    'メッセージングのセッションは HTTP のやり取りから始まります。ページはコネクタートークンを短期のアクセストークンに交換し、セッションを作成して WebSocket を開きます。',
    'その後はすべて JSON のイベントです。サーバーは履歴に残す各イベントに番号を付けるので、切断したクライアントはカーソルを持って戻り、見逃した分だけを受け取れます。',
    '会話が終わるとサーバーはセッション終了のイベントを送り、ウィジェットは入力を無効にして新しい会話を始められるようにします。',
  ],
  markdownIntro: 'エージェントの返信では **太字**、*斜体*、`コード` が使えます。',
  markdownList: '箇条書きのリスト|中にも **書式** を|番号付きの手順|順番どおりに',
  markdownRead: '詳しくは [デモの記事]({article}) か https://example.com/docs をご覧ください。',
  suggest: '次にこんなことを聞いてみてください：',
  link: 'このデモプラットフォームについての記事です：',
  image: '画像をどうぞ：',
  handoffIntro: '担当者におつなぎします。少々お待ちください。',
  handoffFailed: '申し訳ありません、担当者につながりませんでした。引き続き私がお手伝いします。後でもう一度お試しください。',
  handoffTimeout: '申し訳ありません、時間内に誰も応答しませんでした。後でもう一度お試しください。それまでは私がおります。',
  clientHandoff: 'それは請求担当チームへのご質問です。今からおつなぎします。',
  pay: (link) => `こちらから安全にお支払いいただけます：${link} — 決済事業者の確認が取れ次第、この会話でお知らせします。`,
  paymentStatus: (status) => `お支払いの状況：支払いステータスは「${status}」です。`,
  liveGreeting: 'こんにちは、サポートのサムです。これまでの会話を読みました。どのようなご用件でしょうか？',
  liveReply: (quoted) => `サムです。ありがとうございます、「${quoted}」を確認しています。終わったら "bye" と送ってください。`,
  liveGoodbye: 'お役に立ててよかったです。お元気で！',
};

const ZH: AgentWords = {
  greeting: '你好，我是演示助手 Ada。有什么问题尽管问，也可以选择下面的建议。',
  languageChanged: '好的，接下来我用中文回答。',
  languageUnknown: (code) => `我不会说“${code}”，我继续用中文。`,
  youSaid: (quoted) => `你说：“${quoted}”。我是按脚本回答的演示助手；发送 "help" 看看我能做什么。`,
  tryThese: '试试这些短语：',
  goodbye: '再见！感谢试用本演示。',
  stream: '流式传输会在回复生成时分成小块发送，所以第一批文字会立即出现。每一块都带有序号，无论到达顺序如何，组件都会按顺序拼接。',
  long: [
    '这是一个较长的回答，方便你观察流式回复逐渐变长，并确认滚动能够跟上。',
    '消息会话从一次 HTTP 握手开始：页面用连接器令牌换取短期访问令牌，创建会话，然后打开 WebSocket。',
    '之后的一切都是 JSON 事件。服务器为保存在历史中的每个事件编号，断线的客户端可以带着游标回来，只接收错过的部分。',
    '对话结束时，服务器发送会话结束事件；组件会禁用输入并提供重新开始。',
  ],
  markdownIntro: '助手的回复可以使用**粗体**、*斜体*和`代码`。',
  markdownList: '项目符号列表|其中也可以有**格式**|编号步骤|按顺序',
  markdownRead: '阅读[演示文章]({article})，或访问 https://example.com/docs 了解更多。',
  suggest: '接下来你可以问这些：',
  link: '这是一篇关于本演示平台的文章：',
  image: '这是一张图片：',
  handoffIntro: '我为你转接人工同事，请稍候。',
  handoffFailed: '抱歉，没能联系到人工同事。我仍在这里为你服务，你也可以稍后再试。',
  handoffTimeout: '抱歉，没有人及时接听。请稍后再试；在此期间我仍在这里。',
  clientHandoff: '这是账单团队的问题，我现在为你转接。',
  pay: (link) => `你可以在这里安全付款：${link} — 支付服务商一确认，我就在本对话中告诉你。`,
  paymentStatus: (status) => `付款更新：付款状态为“${status}”。`,
  liveGreeting: '你好，我是客服 Sam。我已经看过之前的对话。有什么可以帮你？',
  liveReply: (quoted) => `Sam：谢谢，我正在查看“${quoted}”。结束时请发送 "bye"。`,
  liveGoodbye: '很高兴能帮到你。再见！',
};

export const AGENT_WORDS: Readonly<Record<AgentLanguage, AgentWords>> = {
  en: EN,
  fr: FR,
  ar: AR,
  es: ES,
  de: DE,
  pt: PT,
  it: IT,
  ja: JA,
  zh: ZH,
};
