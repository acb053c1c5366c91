import { affiliateRefusalReasons } from '@crm/shared/contract';
import { en, initTestI18n } from '@crm/shared/testing';
import '../../../i18n/index.ts';
import { integrationDocument, leadFieldsOf, markdownFileName, markdownOf } from '../instructions/integrationDocument.ts';

const input = { apiOrigin: 'https://crm.example.com', companyName: 'Acme | Leads', keyName: 'Main server', keyPrefix: 'crm_Ab3dE6gH' };
const translate = (key: string, values?: Record<string, string>) => en(key, values);
let markdown = '';

beforeAll(async () => {
  await initTestI18n();
  markdown = markdownOf(integrationDocument(input, translate));
});

test('the endpoint, the key by name and prefix only, and the docs URL', () => {
  expect(markdown.startsWith('# Lead API integration: Acme | Leads\n')).toBe(true);
  expect(markdown).toContain('- **Endpoint:** `https://crm.example.com/api/v1/leads`');
  expect(markdown).toContain('- **Key prefix:** `crm_Ab3dE6gH`');
  expect(markdown).toContain('- **API key:** `Main server`');
  expect(markdown).toContain('`https://crm.example.com/api/v1/docs`');
  expect(markdown).toMatch(/-H 'X-Api-Key: crm_Ab3dE6gH…'/);
});

test("every field of the contract's lead body is listed once, with its description", () => {
  const fields = leadFieldsOf().map(({ name }) => name);
  expect(fields).toEqual(expect.arrayContaining(['first_name', 'email', 'phone', 'country', 'click_id', 'sub5', 'password']));
  for (const name of fields) expect(markdown.match(new RegExp(`^\\| \`${name}\` \\| no \\| [^|]+\\|$`, 'gm'))).toHaveLength(1);
  expect(markdown).toContain('| `phone` | no | Phone in E.164 (+4915112345678), or national with country. |');
});

test('every reason code with its HTTP status', () => {
  for (const reason of affiliateRefusalReasons) expect(markdown).toMatch(new RegExp(`^\\| \`${reason}\` \\| \\d{3} \\|`, 'm'));
  expect(markdown).toContain('| `INVALID` | 422 |');
  expect(markdown).toContain('| `DUPLICATE` | 409 |');
  expect(markdown).toContain('| `RATE_LIMITED` | 429 |');
  expect(markdown).toContain('| `KEY_INVALID` | 401 |');
});

test('the example request is valid JSON in a curl call, and the answers are fenced JSON', () => {
  const curl = /```bash\n([\s\S]*?)\n```/.exec(markdown)?.[1] ?? '';
  expect(curl).toContain("curl -X POST 'https://crm.example.com/api/v1/leads'");
  const body = /-d '([\s\S]*)'$/.exec(curl)?.[1] ?? '';
  expect(JSON.parse(body)).toMatchObject({ email: 'jane.doe@example.com', phone: '+4915112345678', country: 'DE' });
  expect(markdown).toContain('201 Created: the lead was accepted.\n\n```json\n{\n  "status": "accepted"');
  expect(markdown).toContain('"reason": "DUPLICATE"');
});

test('a pipe in a table cell is escaped; the file name is made safe', () => {
  const document = integrationDocument(input, (key) => (key.endsWith('fields.comment') ? 'a | b' : translate(key)));
  expect(markdownOf(document)).toContain('| `comment` | no | a \\| b |');
  expect(markdownFileName('Acme | Leads GmbH')).toBe('acme-leads-gmbh-integration.md');
  expect(markdownFileName('日本')).toBe('affiliate-integration.md');
});
