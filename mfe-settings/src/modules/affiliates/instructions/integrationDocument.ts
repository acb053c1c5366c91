/**
 * The integration instructions an account manager sends an affiliate, as data: the screen renders these sections and
 * the Markdown download is written from them, so the two cannot drift apart. The fields and the reason codes come from
 * the contract (the body the API checks, the refusals it answers), not from a copy of them.
 */
import {
  affiliateAcceptedExample,
  affiliateInvalidExample,
  affiliateLeadBody,
  affiliateLeadExample,
  affiliateRefusalReasons,
  affiliateRefusalStatus,
  type AffiliateLeadAccepted,
  type AffiliateLeadRefused,
} from '@crm/shared/contract';

export type Translate = (key: string, values?: Record<string, string>) => string;

/** A table's first column holds identifiers (a field, a header, a code): shown as code. */
export type Block =
  | { kind: 'text'; text: string }
  | { kind: 'facts'; items: { label: string; value: string }[] }
  | { kind: 'table'; headers: string[]; rows: string[][] }
  | { kind: 'code'; language: 'bash' | 'json'; caption?: string; text: string };

type Section = { key: string; title: string; blocks: Block[] };
export type IntegrationDocument = { title: string; intro: string; sections: Section[] };

export type InstructionsInput = {
  /** The API's origin (`https://api.crm.example.com`), which serves `/api/v1` too; not the console's. */
  apiOrigin: string;
  companyName: string;
  keyName: string;
  /** Never the key: the key is shown once, when it is issued. */
  keyPrefix: string;
};

const leadsPath = '/api/v1/leads';
const docsPath = '/api/v1/docs';

const json = (value: unknown) => JSON.stringify(value, null, 2);
const base = (key: string) => `settings:affiliates.instructions.${key}`;

/** The body's fields in the contract's order; a field the API may not go without is required. */
export function leadFieldsOf(): { name: string; required: boolean }[] {
  return Object.entries(affiliateLeadBody.shape).map(([name, schema]) => ({ name, required: !schema.safeParse(undefined).success }));
}

function curlOf(endpoint: string, keyPrefix: string): string {
  const body = JSON.stringify(affiliateLeadExample, null, 2).replace(/'/g, "'\\''");
  return [
    `curl -X POST '${endpoint}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H 'X-Api-Key: ${keyPrefix}…' \\`,
    `  -H 'Idempotency-Key: 3f2a9c5e-0b7d-4e1a-9c44-2d8e6f1a7b90' \\`,
    `  -d '${body}'`,
  ].join('\n');
}

/** The answers an integration meets most, with the body the API sends for each. */
function answersOf(t: Translate): Block[] {
  const answers: { caption: string; body: AffiliateLeadAccepted | AffiliateLeadRefused }[] = [
    { caption: t(base('answers.accepted')), body: affiliateAcceptedExample },
    { caption: t(base('answers.invalid')), body: affiliateInvalidExample },
    {
      caption: t(base('answers.duplicate')),
      body: { status: 'refused', reason: 'DUPLICATE', message: 'A lead with this email already exists.', errors: { email: ['A lead with this email already exists.'] } },
    },
    { caption: t(base('answers.rateLimited')), body: { status: 'refused', reason: 'RATE_LIMITED', message: 'More than 600 calls a minute with this key: retry in 12 s.' } },
  ];
  return answers.map(({ caption, body }) => ({ kind: 'code', language: 'json', caption, text: json(body) }));
}

export function integrationDocument(input: InstructionsInput, t: Translate): IntegrationDocument {
  const endpoint = `${input.apiOrigin}${leadsPath}`;
  const yesNo = (required: boolean) => t(base(required ? 'yes' : 'no'));
  const headers: [string, boolean][] = [
    ['X-Api-Key', true],
    ['Content-Type', true],
    ['Idempotency-Key', false],
  ];
  return {
    title: t(base('title'), { company: input.companyName }),
    intro: t(base('intro')),
    sections: [
      {
        key: 'endpoint',
        title: t(base('endpointTitle')),
        blocks: [
          {
            kind: 'facts',
            items: [
              { label: t(base('method')), value: 'POST' },
              { label: t(base('endpoint')), value: endpoint },
              { label: t(base('keyName')), value: input.keyName },
              { label: t(base('keyPrefix')), value: input.keyPrefix },
            ],
          },
          { kind: 'text', text: t(base('keyNote')) },
        ],
      },
      {
        key: 'headers',
        title: t(base('headersTitle')),
        blocks: [
          {
            kind: 'table',
            headers: [t(base('header')), t(base('headerRequired')), t(base('meaning'))],
            rows: headers.map(([name, required]) => [name, yesNo(required), t(base(`headers.${name}`))]),
          },
        ],
      },
      {
        key: 'fields',
        title: t(base('fieldsTitle')),
        blocks: [
          {
            kind: 'table',
            headers: [t(base('field')), t(base('required')), t(base('meaning'))],
            rows: leadFieldsOf().map(({ name, required }) => [name, yesNo(required), t(base(`fields.${name}`))]),
          },
          { kind: 'text', text: t(base('emailOrPhone')) },
        ],
      },
      { key: 'example', title: t(base('exampleTitle')), blocks: [{ kind: 'code', language: 'bash', text: curlOf(endpoint, input.keyPrefix) }] },
      { key: 'answers', title: t(base('answersTitle')), blocks: answersOf(t) },
      {
        key: 'reasons',
        title: t(base('reasonsTitle')),
        blocks: [
          {
            kind: 'table',
            headers: [t(base('reason')), t(base('status')), t(base('meaning'))],
            rows: affiliateRefusalReasons.map((reason) => [reason, String(affiliateRefusalStatus[reason]), t(base(`reasons.${reason}`))]),
          },
        ],
      },
      { key: 'docs', title: t(base('docsTitle')), blocks: [{ kind: 'facts', items: [{ label: t(base('docs')), value: `${input.apiOrigin}${docsPath}` }] }] },
    ],
  };
}

/** A table cell: a pipe would end the cell, a line break the row. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function markdownOfBlock(block: Block): string {
  switch (block.kind) {
    case 'text':
      return block.text;
    case 'facts':
      return block.items.map(({ label, value }) => `- **${label}:** \`${value}\``).join('\n');
    case 'table': {
      const row = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
      return [row(block.headers), row(block.headers.map(() => '---')), ...block.rows.map(([first = '', ...rest]) => row([`\`${first}\``, ...rest]))].join('\n');
    }
    case 'code':
      return [...(block.caption ? [block.caption, ''] : []), `\`\`\`${block.language}`, block.text, '```'].join('\n');
  }
}

/** The document as a Markdown file: what "Download Markdown" saves. */
export function markdownOf(document: IntegrationDocument): string {
  const sections = document.sections.map((section) => [`## ${section.title}`, ...section.blocks.map(markdownOfBlock)].join('\n\n'));
  return `${[`# ${document.title}`, document.intro, ...sections].join('\n\n')}\n`;
}

/** The download's file name: the company's name made safe for a file system. */
export function markdownFileName(companyName: string): string {
  const slug = companyName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'affiliate'}-integration.md`;
}
