import { renderWithProviders, screen, signedInSession, stubApi, waitFor } from '@crm/shared/testing';
import '../../../../i18n/index.ts';
import { loadOptions, pageReply, user } from '../../../../testing/leadTestKit.tsx';
import { ImportButton } from '../ImportButton.tsx';

jest.setTimeout(60_000);

// Whether the dialog asked for the xlsx library (a chunk of its own in the browser): recorded when the module loads.
const xlsxRequested = jest.fn();
jest.mock('xlsx', () => {
  xlsxRequested();
  return jest.requireActual('xlsx');
});

test('opening the dialog starts loading the xlsx library, before any file is picked', async () => {
  stubApi({ 'GET /lead': pageReply([]) });
  const view = renderWithProviders(<ImportButton />, { session: signedInSession(['lead.view', 'lead.import']) });
  loadOptions(view.store);
  expect(xlsxRequested).not.toHaveBeenCalled();
  await user.click(await screen.findByTestId('lead-import-open'));
  expect(await screen.findByTestId('lead-import-file')).toBeInTheDocument();
  await waitFor(() => expect(xlsxRequested).toHaveBeenCalledTimes(1));
});
