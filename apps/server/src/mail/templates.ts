/**
 * The e-mails the server sends, each as plain text and HTML with the product's name and links built from
 * PUBLIC_URL. Every value put into the HTML is escaped (a name is whatever its owner typed); links are
 * built with URL, so a token can't break out of its query parameter.
 */
import {
  ACCOUNT_LINK_PATHS,
  EMAIL_VERIFICATION_TTL_HOURS,
  PASSWORD_RESET_TTL_MINUTES,
} from '@lectio/contracts/account';
import { UNSUBSCRIBE_PATH } from '@lectio/contracts/course-mail';

export const PRODUCT_NAME = 'Lectio';

export type MailTemplate =
  | 'password_reset'
  | 'email_verification'
  | 'payment_receipt'
  | 'signup_attempt'
  | 'announcement'
  | 'question_answered';

export interface RenderedMail {
  template: MailTemplate;
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * The templates whose link carries an account token (it changes credentials or proves an address), and
 * the page it opens: declared once, for the templates that build the link and for the outbox that hides
 * it from every reader but the addressee (maskTokenLinks).
 */
export const TOKEN_LINK_PATHS = {
  password_reset: ACCOUNT_LINK_PATHS.resetPassword,
  email_verification: ACCOUNT_LINK_PATHS.verifyEmail,
} as const satisfies Partial<Record<MailTemplate, string>>;

/** `${publicUrl}${path}?token=...` (PUBLIC_URL's own path kept), the token encoded as a query value. */
export function linkWithToken(publicUrl: string, path: string, token: string): string {
  const url = new URL(`${publicUrl.replace(/\/$/, '')}${path}`);
  url.searchParams.set('token', token);
  return url.toString();
}

interface Letter {
  subject: string;
  greeting: string;
  /** Paragraphs before the button. */
  intro: string[];
  action: { label: string; url: string };
  /** Paragraphs after the button. */
  outro: string[];
  /** Text quoted as it was written (an announcement's Markdown), after the intro; line breaks kept. */
  quote?: string;
  /** A course e-mail's unsubscribe link, at the foot (also its List-Unsubscribe header). */
  unsubscribe?: { label: string; url: string };
}

/** The visible unsubscribe line of every course e-mail. */
export const unsubscribeLabel = (courseTitle: string) => `Unsubscribe from e-mails about ${courseTitle}`;

function render(template: MailTemplate, letter: Letter, publicUrl: string): RenderedMail {
  const text = [
    letter.greeting,
    '',
    ...letter.intro.flatMap((paragraph) => [paragraph, '']),
    ...(letter.quote ? [letter.quote, ''] : []),
    `${letter.action.label}: ${letter.action.url}`,
    '',
    ...letter.outro.flatMap((paragraph) => [paragraph, '']),
    `— ${PRODUCT_NAME}`,
    publicUrl,
    ...(letter.unsubscribe ? ['', `${letter.unsubscribe.label}: ${letter.unsubscribe.url}`] : []),
    '',
  ].join('\n');
  const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const url = escapeHtml(letter.action.url);
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(letter.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:32px">',
    `<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#4338ca">${escapeHtml(PRODUCT_NAME)}</p>`,
    paragraph(letter.greeting),
    ...letter.intro.map(paragraph),
    ...(letter.quote
      ? [
          `<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #c7d2fe;background:#f8fafc;white-space:pre-wrap">${escapeHtml(letter.quote)}</div>`,
        ]
      : []),
    `<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#4338ca;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(letter.action.label)}</a></p>`,
    `<p style="margin:0 0 16px;font-size:14px;color:#475569">If the button doesn't work, copy this address into your browser:<br><a href="${url}" style="color:#4338ca;word-break:break-all">${url}</a></p>`,
    ...letter.outro.map(paragraph),
    `<p style="margin:24px 0 0;font-size:14px;color:#475569"><a href="${escapeHtml(publicUrl)}" style="color:#475569">${escapeHtml(PRODUCT_NAME)}</a></p>`,
    ...(letter.unsubscribe
      ? [
          `<p style="margin:16px 0 0;font-size:13px;color:#475569"><a href="${escapeHtml(letter.unsubscribe.url)}" style="color:#475569">${escapeHtml(letter.unsubscribe.label)}</a></p>`,
        ]
      : []),
    '</div></body></html>',
  ].join('\n');
  return { template, subject: letter.subject, text, html };
}

export function passwordResetMail(input: { name: string; token: string; publicUrl: string }): RenderedMail {
  return render(
    'password_reset',
    {
      subject: `Reset your ${PRODUCT_NAME} password`,
      greeting: `Hello ${input.name},`,
      intro: [
        `Someone (we hope you) asked to reset the password of your ${PRODUCT_NAME} account. Choose a new one with the link below.`,
      ],
      action: {
        label: 'Reset my password',
        url: linkWithToken(input.publicUrl, TOKEN_LINK_PATHS.password_reset, input.token),
      },
      outro: [
        `The link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes. Setting a new password signs you out everywhere.`,
        "If you didn't ask for this, ignore this e-mail: your password stays as it is.",
      ],
    },
    input.publicUrl,
  );
}

export function emailVerificationMail(input: {
  name: string;
  token: string;
  publicUrl: string;
}): RenderedMail {
  return render(
    'email_verification',
    {
      subject: `Verify your e-mail address for ${PRODUCT_NAME}`,
      greeting: `Hello ${input.name},`,
      intro: [
        `Welcome to ${PRODUCT_NAME}! Please confirm that this e-mail address is yours, so that we can reach you about your account.`,
      ],
      action: {
        label: 'Verify my e-mail address',
        url: linkWithToken(input.publicUrl, TOKEN_LINK_PATHS.email_verification, input.token),
      },
      outro: [
        `The link works once and expires in ${EMAIL_VERIFICATION_TTL_HOURS} hours.`,
        `If you didn't create a ${PRODUCT_NAME} account, ignore this e-mail.`,
      ],
    },
    input.publicUrl,
  );
}

/**
 * To the owner of an address someone tried to sign up with (decision 0048): sign-up answers as if it
 * created an account, so only the owner learns of it, here, with the way back in. No token: the link opens
 * the reset page, where asking for a link is the usual one step.
 */
export function signupAttemptMail(input: { name: string; publicUrl: string }): RenderedMail {
  return render(
    'signup_attempt',
    {
      subject: `Someone tried to sign up for ${PRODUCT_NAME} with your address`,
      greeting: `Hello ${input.name},`,
      intro: [
        `Someone (perhaps you) tried to create a ${PRODUCT_NAME} account with this e-mail address. You already have one, so nothing was created.`,
        'If it was you, sign in with your password, or choose a new one if you forgot it.',
      ],
      action: {
        label: 'Reset my password',
        url: `${input.publicUrl.replace(/\/$/, '')}${ACCOUNT_LINK_PATHS.resetPassword}`,
      },
      outro: ["If it wasn't you, you can ignore this e-mail: your account is unchanged."],
    },
    input.publicUrl,
  );
}

/** The page where a student finds their purchases and receipts. */
export const PURCHASES_PATH = '/dashboard/purchases';

/**
 * The receipt sent after a payment: the receipt's lines (services/receipts: seller, course, amount, tax
 * included when configured, payment id) and a link to Purchases, where the PDF is.
 */
export function paymentReceiptMail(input: {
  name: string;
  sellerName: string;
  courseTitle: string;
  lines: readonly (readonly [string, string])[];
  publicUrl: string;
}): RenderedMail {
  return render(
    'payment_receipt',
    {
      subject: `Your receipt for ${input.courseTitle}`,
      greeting: `Hello ${input.name},`,
      intro: [
        `Thank you for your purchase. ${input.sellerName} received your payment for "${input.courseTitle}"; the course is in My Courses now.`,
        ...input.lines.map(([label, value]) => `${label}: ${value}`),
      ],
      action: {
        label: 'See my purchases and receipts',
        url: `${input.publicUrl.replace(/\/$/, '')}${PURCHASES_PATH}`,
      },
      outro: ['Keep this e-mail for your records. A PDF of this receipt is on the Purchases page.'],
    },
    input.publicUrl,
  );
}

/**
 * An instructor's announcement, to one student: the course, the announcement's title, and its Markdown
 * body as it was written (plain text in both parts, escaped in the HTML), with the course page's link and
 * the course's unsubscribe link.
 */
export function announcementMail(input: {
  name: string;
  /** The course's page in the recipient's section of the app, where its announcements are listed. */
  courseUrl: string;
  courseTitle: string;
  instructorName: string | null;
  title: string;
  body: string;
  unsubscribeUrl: string;
  publicUrl: string;
}): RenderedMail {
  return render(
    'announcement',
    {
      subject: `${input.courseTitle}: ${input.title}`,
      greeting: `Hello ${input.name},`,
      intro: [
        input.instructorName
          ? `${input.instructorName} posted an announcement in "${input.courseTitle}": ${input.title}`
          : `A new announcement in "${input.courseTitle}": ${input.title}`,
      ],
      quote: input.body,
      action: {
        label: 'Open the course',
        url: input.courseUrl,
      },
      outro: [`You get this e-mail because you are enrolled in "${input.courseTitle}".`],
      unsubscribe: { label: unsubscribeLabel(input.courseTitle), url: input.unsubscribeUrl },
    },
    input.publicUrl,
  );
}

const TOKEN_CHARACTER = /[A-Za-z0-9_-]/;

/** `source` with every `prefix` followed by token characters replaced by `mask`. */
function maskAfter(source: string, prefix: string, mask: string): string {
  let masked = '';
  let from = 0;
  for (;;) {
    const at = source.indexOf(prefix, from);
    if (at === -1) return masked + source.slice(from);
    let end = at + prefix.length;
    while (end < source.length && TOKEN_CHARACTER.test(source.charAt(end))) end += 1;
    masked += source.slice(from, at) + mask;
    from = end;
  }
}

/**
 * A written message as someone other than its addressee may read it: every link that acts for the
 * addressee is replaced by `mask`, in the text, the HTML and the headers. That is the account-token link of
 * its template (TOKEN_LINK_PATHS) and a course e-mail's unsubscribe link (which opts its addressee out
 * without sign-in, and is also the List-Unsubscribe header). Other links stay.
 */
export function maskTokenLinks<M extends { text: string; html: string; headers?: Record<string, string> }>(
  message: M,
  template: string,
  publicUrl: string,
  mask: string,
): M {
  const tokenPath = (TOKEN_LINK_PATHS as Record<string, string | undefined>)[template];
  const prefixes = [...(tokenPath ? [tokenPath] : []), UNSUBSCRIBE_PATH].map((path) =>
    linkWithToken(publicUrl, path, ''),
  );
  let { text, html } = message;
  for (const prefix of prefixes) {
    const inHtml = escapeHtml(prefix);
    text = maskAfter(text, prefix, mask);
    // The button's address goes nowhere; the address written out for copying says it is hidden.
    html = maskAfter(maskAfter(html, `href="${inHtml}`, 'href="#'), inHtml, escapeHtml(mask));
  }
  const headers = message.headers
    ? Object.fromEntries(
        Object.entries(message.headers).map(([name, value]) => [
          name,
          prefixes.reduce((masked, prefix) => maskAfter(masked, prefix, mask), value),
        ]),
      )
    : undefined;
  return { ...message, text, html, ...(headers ? { headers } : {}) };
}

/**
 * A new answer to a question the recipient follows: who answered which question, the answer as it was
 * written (plain text, escaped in the HTML), a link to the question in the recipient's own section of the
 * app (`questionUrl`), and the course's unsubscribe link.
 */
export function questionAnsweredMail(input: {
  name: string;
  courseTitle: string;
  questionTitle: string;
  authorName: string;
  body: string;
  questionUrl: string;
  unsubscribeUrl: string;
  publicUrl: string;
}): RenderedMail {
  return render(
    'question_answered',
    {
      subject: `New answer: ${input.questionTitle}`,
      greeting: `Hello ${input.name},`,
      intro: [`${input.authorName} answered "${input.questionTitle}" in "${input.courseTitle}":`],
      quote: input.body,
      action: { label: 'Open the question', url: input.questionUrl },
      outro: [`You get this e-mail because you follow this question. Unfollow it on its page to stop.`],
      unsubscribe: { label: unsubscribeLabel(input.courseTitle), url: input.unsubscribeUrl },
    },
    input.publicUrl,
  );
}
