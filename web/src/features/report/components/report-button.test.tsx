import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderCategoryAsBuyer } from '@/testing/render-app.tsx';
import type { RestRequest } from '@/testing/fake-server.ts';

function renderCategory(report: (request: RestRequest) => [number, unknown]) {
  return renderCategoryAsBuyer((request) =>
    request.method === 'PUT' && request.path.startsWith('/allProducts/')
      ? report(request)
      : undefined,
  );
}

const reported: [number, unknown] = [200, { acknowledged: true, modifiedCount: 1, position: 7 }];

describe('reporting a product, saying why', () => {
  it('asks for a reason from the list, sends it and says it is reported', async () => {
    const user = userEvent.setup();
    const { server } = renderCategory(() => reported);
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report Galaxy S10' });
    const reasons = within(dialog).getAllByRole('radio');
    expect(reasons.map((reason) => reason.closest('label')?.textContent)).toEqual([
      'Stolen or blocked device',
      'Misleading description',
      'Wrong price',
      'Prohibited item',
      'Spam or duplicate',
      'Other',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason');
    await user.click(within(dialog).getByRole('radio', { name: 'Stolen or blocked device' }));
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Successfully Reported')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reported' })).toBeDisabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.restRequests.at(-1)?.body).toEqual({ reason: 'stolen-or-blocked' });
  });

  it("asks for a short text with 'Other', at most 200 characters", async () => {
    const user = userEvent.setup();
    const { server } = renderCategory(() => reported);
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report Galaxy S10' });
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say what is wrong');
    const text = within(dialog).getByRole('textbox', { name: 'What is wrong?' });
    expect(text).toHaveAttribute('maxlength', '200');
    await user.type(text, 'The photos are of another phone');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() =>
      expect(server.restRequests.at(-1)?.body).toEqual({
        reason: 'other',
        details: 'The photos are of another phone',
      }),
    );
  });

  it("shows the server's message when the user already reported it", async () => {
    const user = userEvent.setup();
    const message = 'You have already reported this listing: an admin will review your report';
    renderCategory(() => [409, { statusCode: 409, error: 'Conflict', message }]);
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    await user.click(screen.getByRole('radio', { name: 'Wrong price' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reported' })).toBeDisabled();
  });
});
