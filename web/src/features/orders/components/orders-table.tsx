import { queryErrorMessage } from '@/lib/api-client.ts';
import { ErrorMessage } from '@/components/ui/error-message.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatPrice } from '@/lib/format.ts';
import { useLiveQuery } from '@/lib/live-query.ts';
import { MyBookingsChangedSubscription, MyBookingsQuery } from '../api/orders.ts';

/** The signed-in user's bookings; a new booking appears as soon as it is projected. */
export function OrdersTable() {
  const [{ data, error }, reexecute] = useLiveQuery({
    query: MyBookingsQuery,
    changes: MyBookingsChangedSubscription,
  });
  return (
    <section className="section" aria-labelledby="orders-title">
      <h1 id="orders-title" className="section__title">
        My Orders
      </h1>
      {!data && error && (
        <ErrorMessage
          title="Your orders could not be loaded"
          message={queryErrorMessage(error)}
          onRetry={() => reexecute({ requestPolicy: 'network-only' })}
        />
      )}
      {!data && !error && <Spinner label="Loading your orders…" />}
      {data && data.myBookings.length === 0 && <p className="empty">You have no orders yet.</p>}
      {data && data.myBookings.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Product</th>
                <th scope="col">Brand</th>
                <th scope="col">Price</th>
                <th scope="col">Phone</th>
                <th scope="col">Address</th>
              </tr>
            </thead>
            <tbody>
              {data.myBookings.map((booking, index) => (
                <tr key={booking._id}>
                  <td>{index + 1}</td>
                  <td>{booking.productName}</td>
                  <td>{booking.Brand}</td>
                  <td>{formatPrice(booking.sellingPrice)}</td>
                  <td>{booking.phone}</td>
                  <td>{booking.address}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
