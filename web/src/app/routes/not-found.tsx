import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';

/** Any routing error (unknown path, failed route load) lands here. */
export function NotFound() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">No Data Found</h1>
      <Link className="button button--primary" to={paths.home.getHref()}>
        Back to Home
      </Link>
    </section>
  );
}
