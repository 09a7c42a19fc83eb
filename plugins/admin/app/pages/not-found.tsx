import { Link } from '../router.tsx';
import { PageHead } from '../components/ui.tsx';

export function NotFound() {
  return (
    <>
      <PageHead title="Not found" />
      <p>
        This screen does not exist. <Link href="/admin/">Go to the dashboard</Link>.
      </p>
    </>
  );
}
