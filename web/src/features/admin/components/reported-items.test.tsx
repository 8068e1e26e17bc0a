import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin } from '@/testing/fixtures.ts';
import { meAs, renderApp } from '@/testing/render-app.tsx';
import type { RestRequest } from '@/testing/fake-server.ts';

const galaxy = {
  _id: 'p1',
  productName: 'Galaxy S10',
  picture: '/images/s10.png',
  Brand: 'Samsung',
  sellerName: 'Sam',
  sellerEmail: 'sam@example.com',
  sellingPrice: 300,
  hidden: false,
  hiddenReason: null as string | null,
  reviewRequested: false,
  reviewNote: null as string | null,
  reportCount: 2,
  lastReportedAt: '2026-11-21T10:00:00.000Z',
  reports: [
    {
      reporterUid: 'u-ann',
      reporterName: 'Ann Buyer',
      reason: 'stolen-or-blocked',
      details: null,
      reportedAt: '2026-11-20T10:00:00.000Z',
    },
    {
      reporterUid: 'u-carl',
      reporterName: 'Carl Buyer',
      reason: 'other',
      details: 'Fake box photo',
      reportedAt: '2026-11-21T10:00:00.000Z',
    },
  ],
  claimedBy: null as { uid: string; name: string } | null,
};
type Case = typeof galaxy;
const reno: Case = { ...galaxy, _id: 'p2', productName: 'Oppo Reno', Brand: 'Oppo' };
const mine = { uid: admin.uid, name: 'Ada Admin' };

function renderReported(
  initial: Case[] = [galaxy],
  rest: (request: RestRequest) => [number, unknown] | undefined = () => [
    200,
    { modifiedCount: 1, deletedCount: 1, position: 30 },
  ],
) {
  let reported = initial;
  const view = renderApp('/dashboard/report', {
    user: admin,
    server: {
      graphql: {
        Me: { me: meAs(admin, 'admin') },
        Moderator: { me: { uid: admin.uid } },
        ReportedProducts: () => ({ reportedProducts: reported }),
      },
      rest,
    },
  });
  return { ...view, setReported: (items: Case[]) => (reported = items) };
}

const caseRow = async (name = 'Galaxy S10') =>
  (await screen.findByText(name, { exact: true })).closest('tr')!;
const commands = (requests: RestRequest[]) =>
  requests.map((request) => [request.method, request.path, request.body]);

describe('reported items: the moderation queue', () => {
  it('shows each listing once with its reports: why and by whom', async () => {
    renderReported();
    const row = await caseRow();
    const reports = within(row).getByRole('list', { name: 'Reports on Galaxy S10' });
    expect(
      within(reports)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Stolen or blocked deviceby Ann Buyer', 'Other: Fake box photoby Carl Buyer']);
    expect(row).toHaveTextContent('Not claimed');
  });

  it('claims a case; then offers Dismiss, Hide, Delete and Release', async () => {
    const { server, setReported } = renderReported();
    const row = await caseRow();
    expect(within(row).queryByRole('button', { name: 'Hide Galaxy S10' })).toBeNull();
    setReported([{ ...galaxy, claimedBy: mine }]);
    await userEvent.click(within(row).getByRole('button', { name: 'Claim Galaxy S10' }));
    expect(await screen.findByText('You are reviewing Galaxy S10')).toBeInTheDocument();
    server.announce('ReportedProductsChanged', {
      reportedProductsChanged: { topic: 'reportedProducts', position: 31, ids: ['p1'] },
    });
    const claimed = await caseRow();
    await within(claimed).findByText('You are reviewing');
    for (const action of ['Dismiss', 'Hide', 'Delete', 'Release'])
      expect(within(claimed).getByRole('button', { name: `${action} Galaxy S10` })).toBeEnabled();
    expect(commands(server.restRequests)).toEqual([
      ['POST', '/reportedProducts/p1/claim', undefined],
    ]);
  });

  it('shows who holds a case another admin claimed, and the refusal when claiming it', async () => {
    const message = 'This listing is being reviewed by Ben Admin';
    renderReported([{ ...galaxy, claimedBy: { uid: 'u-ben', name: 'Ben Admin' } }], () => [
      409,
      { statusCode: 409, error: 'Conflict', message },
    ]);
    const row = await caseRow();
    expect(within(row).getByText('Being reviewed by Ben Admin')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Hide Galaxy S10' })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Claim Galaxy S10' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('hides a claimed case with a reason, which it asks for first', async () => {
    const { server } = renderReported([{ ...galaxy, claimedBy: mine }]);
    const row = await caseRow();
    await userEvent.click(within(row).getByRole('button', { name: 'Hide Galaxy S10' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Hide Galaxy S10 from the site?' });
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give a reason');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'The IMEI is blocked');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Hidden: Galaxy S10')).toBeInTheDocument();
    expect(commands(server.restRequests)).toEqual([
      ['POST', '/reportedProducts/p1/hide', { reason: 'The IMEI is blocked' }],
    ]);
  });

  it('offers Restore for a hidden case, with its reason and the review request shown', async () => {
    renderReported([
      {
        ...galaxy,
        claimedBy: mine,
        hidden: true,
        hiddenReason: 'The IMEI is blocked',
        reviewRequested: true,
        reviewNote: 'Unblocked now',
        reportCount: 0,
        reports: [],
      },
    ]);
    const row = await caseRow();
    expect(row).toHaveTextContent('Hidden The IMEI is blocked');
    expect(row).toHaveTextContent('Review requested Unblocked now');
    expect(within(row).getByRole('button', { name: 'Restore Galaxy S10' })).toBeEnabled();
    expect(within(row).queryByRole('button', { name: 'Hide Galaxy S10' })).toBeNull();
  });

  it("deletes after the spec's confirmation, with a reason; cancel! keeps it", async () => {
    const { server, setReported } = renderReported([{ ...galaxy, claimedBy: mine }]);
    const row = await caseRow();
    await userEvent.click(within(row).getByRole('button', { name: 'Delete Galaxy S10' }));
    let confirm = screen.getByRole('alertdialog', { name: 'Are you sure you want to delete?' });
    expect(confirm).toHaveAttribute('open');
    await userEvent.click(within(confirm).getByRole('button', { name: 'cancel!' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.restRequests).toEqual([]);

    await userEvent.click(within(row).getByRole('button', { name: 'Delete Galaxy S10' }));
    confirm = screen.getByRole('alertdialog', { name: 'Are you sure you want to delete?' });
    await userEvent.type(within(confirm).getByLabelText('Reason'), 'Stolen phone');
    setReported([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Successfully deleted Galaxy S10')).toBeInTheDocument();
    expect(commands(server.restRequests)).toEqual([
      ['DELETE', '/reportedProducts/p1', { reason: 'Stolen phone' }],
    ]);
    expect(await screen.findByText('No reported products.')).toBeInTheDocument();
  });

  it('changes live when someone else reports a product', async () => {
    const { server, setReported } = renderReported();
    await caseRow();
    await waitFor(() => expect(server.subscriptions()).toContain('ReportedProductsChanged'));

    setReported([reno, galaxy]);
    server.announce('ReportedProductsChanged', {
      reportedProductsChanged: { topic: 'reportedProducts', position: 77, ids: ['p2'] },
    });

    expect(await caseRow('Oppo Reno')).toBeInTheDocument();
    expect(server.graphqlRequests).toContainEqual({
      operationName: 'ReportedProducts',
      variables: { minPosition: 77 },
    });
  });
});
