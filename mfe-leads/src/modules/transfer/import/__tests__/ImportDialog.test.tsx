import { configure, formItemOf, jobFixture, renderWithProviders, requestBody, screen, signedInSession, stubApi, userEvent, waitFor, within, type TestClient } from '@crm/shared/testing';
import type { Job } from '@crm/shared/contract';
import '../../../../i18n/index.ts';
import { useLeadSearchListQuery } from '../../../leads/api/leadsApi.ts';
import { chooseOption, loadOptions, pageReply, user } from '../../../../testing/leadTestKit.tsx';
import { ImportButton } from '../ImportButton.tsx';

// A whole antd dialog in jsdom takes seconds on a busy machine.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

// A person can pick any file ("All files" in the picker): the dialog, not the input's accept list, refuses it.
const picker = userEvent.setup({ pointerEventsCheck: 0, applyAccept: false });
const uploadId = '6f1c2d4e-8a9b-4c3d-9e8f-7a6b5c4d3e2f';
const importer = ['lead.view', 'lead.import', 'user.profile.job.view', 'failed.lead.view'];
const csvFile = () => new File(['First name,Last name,E-mail,Phone number\nAda,,ada@example.com,0301234567\n,Bob,bob@example.com,\n'], 'leads.csv', { type: 'text/csv' });
const report = { rows: 4, valid: 1, invalid: { INVALID: 1, DUPLICATE: 1 }, duplicates: 1, blacklisted: 0, blank_lines: 1 };

const job = (overrides: Partial<Job>): Job => jobFixture({ id: 7, type: 'lead_import', total: 3, pending: 3, ...overrides });

/** The lead list, as the search screen holds it: refetched when an import ends. */
function LeadList() {
  useLeadSearchListQuery({});
  return null;
}

function renderImport(permissions = importer, isSender = false) {
  const view = renderWithProviders(
    <>
      <ImportButton />
      <LeadList />
    </>,
    { session: signedInSession(permissions, { isSender }) },
  );
  loadOptions(view.store);
  return view;
}

const calls = (api: TestClient, method: string, url: string) => api.adapter.requests.filter((request) => request.method === method && request.url === url);

async function openWithFile(file: File) {
  await user.click(await screen.findByTestId('lead-import-open'));
  await picker.upload(await screen.findByTestId('lead-import-file'), file);
}

test('shows the import only to holders of lead.import to whom the import setting is visible', () => {
  stubApi({ 'GET /lead': pageReply([]) });
  const { unmount } = renderImport(['lead.view']);
  expect(screen.queryByTestId('lead-import-open')).not.toBeInTheDocument();
  unmount();
  const hidden = renderImport(['lead.view', 'lead.import', 'hide.non_privileged']);
  expect(screen.queryByTestId('lead-import-open')).not.toBeInTheDocument();
  hidden.unmount();
  renderImport(['lead.view', 'lead.import', 'hide.non_privileged', 'lead.settings.import']);
  expect(screen.getByTestId('lead-import-open')).toBeInTheDocument();
});

test('refuses other files at once, previews a CSV with Empty cells and suggested mapping, dry-runs, imports and follows the job', async () => {
  let jobReads = 0;
  const api = stubApi({
    'GET /lead': pageReply([]),
    'POST /lead/import/file': { status: 201, data: { data: { upload_id: uploadId, file_name: 'leads.csv', kind: 'csv', size: 90 } } },
    'POST /lead/import/dry-run': { status: 200, data: { data: report } },
    'POST /lead/import': { status: 202, data: { data: job({}) } },
    'GET /lead/import/7': () => {
      jobReads += 1;
      return jobReads === 1
        ? { status: 200, data: { data: job({ status: 'running', processed: 2, pending: 1, progress: 66 }) } }
        : { status: 200, data: { data: job({ status: 'finished', processed: 3, pending: 0, progress: 100, result: report, finished_at: '2024-03-05T10:21:00.000Z' }) } };
    },
  });
  renderImport();
  await openWithFile(new File(['x'], 'leads.pdf'));
  expect(await screen.findByTestId('lead-import-error')).toHaveTextContent('File extension is not allowed please upload only csv/xlsx');
  expect(screen.getByTestId('lead-import-dry-run')).toBeDisabled();

  await picker.upload(screen.getByTestId('lead-import-file'), csvFile());
  const preview = await screen.findByTestId('lead-import-preview');
  await waitFor(() => expect(preview).toHaveAttribute('data-rows', '3'));
  expect(screen.queryByTestId('lead-import-error')).not.toBeInTheDocument();
  expect(within(preview).getAllByText('Empty')).toHaveLength(3);
  expect(within(screen.getByTestId('lead-import-map-C')).getByText('Email')).toBeInTheDocument();
  expect(within(screen.getByTestId('lead-import-map-D')).getByText('Phone')).toBeInTheDocument();
  expect(screen.getByTestId('lead-import-header-hint')).toBeInTheDocument();
  expect(screen.getByTestId('lead-import-start')).toBeDisabled();
  // "Import then send" and auto-distribute are for senders holding lead.send only.
  expect(screen.queryByTestId('lead-import-send')).not.toBeInTheDocument();
  expect(screen.queryByTestId('lead-import-auto-distribute')).not.toBeInTheDocument();

  await user.click(screen.getByTestId('lead-import-ignore-first'));
  await chooseOption('lead-import-fixed-status', 'Called');
  await user.click(screen.getByTestId('lead-import-dry-run'));
  const shown = await screen.findByTestId('lead-import-report');
  // Each row in one box: "Invalid" leaves out the duplicates, which have their own, so the boxes add up to the rows.
  const box = (name: string) => within(screen.getByTestId(`lead-import-report-${name}`));
  expect(box('rows').getByText('4')).toBeInTheDocument();
  expect(box('valid').getByText('1')).toBeInTheDocument();
  expect(box('invalid').getByText('1')).toBeInTheDocument();
  expect(box('duplicates').getByText('1')).toBeInTheDocument();
  expect(box('blacklisted').getByText('0')).toBeInTheDocument();
  expect(box('blankLines').getByText('Blank lines skipped')).toBeInTheDocument();
  expect(box('blankLines').getByText('1')).toBeInTheDocument();
  expect(shown).toHaveAttribute('data-invalid', '1');
  expect(shown).toHaveAttribute('data-blank-lines', '1');
  // The dates of the file are read in the zone the dialog names, and the request carries it.
  expect(screen.getByTestId('lead-import-time-zone')).toHaveTextContent(`in your time zone (${Intl.DateTimeFormat().resolvedOptions().timeZone})`);

  const [upload] = calls(api, 'post', '/lead/import/file');
  const sent = upload!.data as FormData;
  expect((sent.get('file') as File).name).toBe('leads.csv');
  expect(String(upload!.headers['Content-Type'] ?? '')).not.toContain('application/json');
  expect(requestBody(calls(api, 'post', '/lead/import/dry-run')[0]!)).toEqual({
    upload_id: uploadId,
    options: { delimiter: ',', escape: '"', ignore_first_line: true },
    columns: { A: 'name', B: 'surname', C: 'email', D: 'phone' },
    fixed: { status_id: 11 },
    time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });

  const listReads = calls(api, 'get', '/lead').length;
  await user.click(screen.getByTestId('lead-import-start'));
  expect(await screen.findByTestId('lead-import-progress')).toBeInTheDocument();
  const done = await screen.findByTestId('lead-import-done', {}, { timeout: 15_000 });
  expect(done).toHaveAttribute('data-status', 'finished');
  expect(done).toHaveAttribute('data-valid', '1');
  expect(screen.getByTestId('lead-import-progress')).toHaveAttribute('data-progress', '100');
  expect(within(done).getByTestId('lead-import-failed-link')).toHaveAttribute('href', '/failed/lead/search');
  expect(calls(api, 'post', '/lead/import/file')).toHaveLength(1);
  await waitFor(() => expect(calls(api, 'get', '/lead').length).toBeGreaterThan(listReads));
  expect(requestBody(calls(api, 'post', '/lead/import')[0]!)).not.toHaveProperty('auto_distribute');
});

test('auto-distribute: offered to senders holding lead.send, off by default, sent with the import; its refusal shows under it', async () => {
  const refusal = 'Auto-distribute and "import then send" cannot both be on: choose one.';
  const api = stubApi({
    'GET /lead': pageReply([]),
    'POST /lead/import/file': { status: 201, data: { data: { upload_id: uploadId, file_name: 'leads.csv', kind: 'csv', size: 90 } } },
    'POST /lead/import/dry-run': { status: 200, data: { data: report } },
    'POST /lead/import': { status: 422, data: { message: refusal, errors: { auto_distribute: [refusal] } } },
  });
  renderImport([...importer, 'lead.send'], true);
  await openWithFile(csvFile());
  const preview = await screen.findByTestId('lead-import-preview');
  await waitFor(() => expect(preview).toHaveAttribute('data-rows', '3'));
  const checkbox = screen.getByTestId('lead-import-auto-distribute');
  expect(checkbox).not.toBeChecked();
  expect(within(formItemOf(checkbox)).getByText(/Route each imported lead by the distribution rules/)).toBeInTheDocument();
  await user.click(screen.getByTestId('lead-import-dry-run'));
  await screen.findByTestId('lead-import-report');

  // Whether the leads are distributed afterwards does not change what the dry run found: the report stays.
  await user.click(checkbox);
  expect(screen.getByTestId('lead-import-start')).toBeEnabled();
  await user.click(screen.getByTestId('lead-import-start'));
  expect(await within(formItemOf(checkbox)).findByText(refusal)).toBeInTheDocument();
  expect(requestBody(calls(api, 'post', '/lead/import')[0]!)).toMatchObject({ upload_id: uploadId, auto_distribute: true });
});

test('import then send: offered to senders, it needs a department and sends the leads there after the import', async () => {
  const api = stubApi({
    'GET /lead': pageReply([]),
    'GET /broker/all/for/send': { status: 200, data: { data: [{ id: 3, name: 'Broker One', affiliate_companies: [] }] } },
    'POST /lead/import/file': { status: 201, data: { data: { upload_id: uploadId, file_name: 'leads.csv', kind: 'csv', size: 90 } } },
    'POST /lead/import/dry-run': { status: 200, data: { data: report } },
    'POST /lead/import': { status: 202, data: { data: job({}) } },
    'GET /lead/import/7': { status: 200, data: { data: job({ status: 'finished', processed: 3, pending: 0, progress: 100, result: report }) } },
  });
  renderImport([...importer, 'lead.send', 'lead.history.view', 'options.brokers.send', 'options.broker_departments.all'], true);
  await openWithFile(csvFile());
  const preview = await screen.findByTestId('lead-import-preview');
  await waitFor(() => expect(preview).toHaveAttribute('data-rows', '3'));
  expect(screen.queryByText('Sending becomes available with the send engine')).not.toBeInTheDocument();
  await user.click(screen.getByTestId('lead-import-dry-run'));
  await screen.findByTestId('lead-import-report');

  await user.click(screen.getByTestId('lead-import-send'));
  // Choosing where to send keeps the dry run: it does not change which rows become leads.
  expect(screen.getByTestId('lead-import-start')).toBeEnabled();
  await user.click(screen.getByTestId('lead-import-start'));
  expect(await within(screen.getByTestId('lead-import-send-department')).findByText('Choose the department to send the imported leads to.')).toBeInTheDocument();
  expect(calls(api, 'post', '/lead/import')).toHaveLength(0);

  await chooseOption('lead-import-send-broker', 'Broker One');
  await chooseOption('lead-import-send-department', 'Broker One - Berlin');
  await user.click(screen.getByTestId('lead-import-start'));
  await waitFor(() => expect(calls(api, 'post', '/lead/import')).toHaveLength(1));
  expect(requestBody(calls(api, 'post', '/lead/import')[0]!)).toMatchObject({ upload_id: uploadId, send_department_id: 8 });
  expect(requestBody(calls(api, 'post', '/lead/import/dry-run')[0]!)).not.toHaveProperty('send_department_id');
  const done = await screen.findByTestId('lead-import-done', {}, { timeout: 15_000 });
  expect(within(done).getByTestId('lead-import-send-history-link')).toHaveAttribute('href', '/lead/history/search?department_id=8');
});

test('reads from the chosen start row, needs an email or phone column, and shows the server refusals under their fields', async () => {
  const api = stubApi({
    'GET /lead': pageReply([]),
    'POST /lead/import/file': { status: 201, data: { data: { upload_id: uploadId, file_name: 'codes.csv', kind: 'csv', size: 40 } } },
    'POST /lead/import/dry-run': {
      status: 422,
      data: {
        message: 'The given data was invalid.',
        errors: { 'fixed.status_id': ['This status is not allowed in imports.'], upload_id: ['The file has more than 200,000 rows: split it and import the parts.'] },
      },
    },
  });
  renderImport();
  await openWithFile(new File(['x;y\n1;a@example.com\n2;b@example.com\n3;c@example.com\n'], 'codes.csv'));
  const preview = await screen.findByTestId('lead-import-preview');
  await waitFor(() => expect(preview).toHaveAttribute('data-rows', '4'));
  expect(screen.getByTestId('lead-import-delimiter')).toHaveTextContent('Detect');
  expect(screen.getByText('Detected: Semicolon (;)')).toBeInTheDocument();
  // The e2e test fills and checks these: they are the inputs themselves.
  for (const testId of ['lead-import-start-row', 'lead-import-escape', 'lead-import-ignore-first']) expect(screen.getByTestId(testId).tagName).toBe('INPUT');

  const startRow = screen.getByTestId('lead-import-start-row');
  await user.clear(startRow);
  await user.type(startRow, '3');
  await waitFor(() => expect(preview).toHaveAttribute('data-rows', '2'));
  expect(within(preview).getByText('b@example.com')).toBeInTheDocument();
  expect(within(preview).queryByText('a@example.com')).not.toBeInTheDocument();

  await user.click(screen.getByTestId('lead-import-dry-run'));
  expect(await screen.findByTestId('lead-import-columns-error')).toHaveTextContent('Map a column to email or phone: a lead needs one of them.');
  expect(calls(api, 'post', '/lead/import/file')).toHaveLength(0);

  await chooseOption('lead-import-map-B', 'Email');
  await user.click(screen.getByTestId('lead-import-dry-run'));
  expect(await within(screen.getByTestId('lead-import-fixed-status')).findByText('This status is not allowed in imports.')).toBeInTheDocument();
  expect(screen.getByTestId('lead-import-error')).toHaveTextContent('The file has more than 200,000 rows');
  expect(screen.queryByTestId('lead-import-columns-error')).not.toBeInTheDocument();
  expect(screen.queryByTestId('lead-import-report')).not.toBeInTheDocument();
  expect(requestBody(calls(api, 'post', '/lead/import/dry-run')[0]!)).toMatchObject({ options: { delimiter: ';' }, columns: { B: 'email' } });
});

test('says a password-protected workbook is one', async () => {
  stubApi({ 'GET /lead': pageReply([]) });
  const XLSX = await import('xlsx');
  const compound = XLSX.CFB.utils.cfb_new();
  const agile =
    '<?xml version="1.0" encoding="UTF-8"?><encryption xmlns="http://schemas.microsoft.com/office/2006/encryption"><keyData saltSize="16" blockSize="16" keyBits="256" hashSize="64" cipherAlgorithm="AES" cipherChaining="ChainingModeCBC" hashAlgorithm="SHA512" saltValue="AAAA"/></encryption>';
  XLSX.CFB.utils.cfb_add(compound, '/EncryptionInfo', new Uint8Array([4, 0, 4, 0, 0x40, 0, 0, 0, ...new TextEncoder().encode(agile)]));
  XLSX.CFB.utils.cfb_add(compound, '/EncryptedPackage', new Uint8Array(512).fill(1));
  const bytes: Uint8Array = XLSX.CFB.write(compound, { type: 'array' });
  renderImport();
  await openWithFile(new File([new Uint8Array(bytes)], 'locked.xlsx'));
  expect(await screen.findByTestId('lead-import-error')).toHaveTextContent('File is password-protected');
  expect(screen.queryByTestId('lead-import-preview')).not.toBeInTheDocument();
});
