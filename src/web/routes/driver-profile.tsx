/** /driver-profile (driver, admin): the drivers record. The editor arrives with the marketplace issue. */
import { useQuery } from '@tanstack/react-query';
import { Card } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { ApiError, api } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';

interface DriverRecord {
  bspNumber: string;
  companyName: string | null;
  vehicleDetails: { capacity: number; make?: string; model?: string };
  availability: { days: string[]; hours: { start: string; end: string } };
}

export default function DriverProfilePage() {
  usePageMeta('Driver Profile', 'Your shuttle business: BSP number, vehicle, insurance and availability.');
  const { user } = useAuth();
  const query = useQuery({
    queryKey: ['drivers', 'me'],
    queryFn: () => api<{ driver: DriverRecord }>('/api/drivers/me'),
    enabled: Boolean(user && !user.isTest),
  });
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Driver profile</h1>
      {query.isPending && user && !user.isTest ? (
        <Loading />
      ) : query.error instanceof ApiError && query.error.status === 404 ? (
        <Card>
          <p>There is no driver business record for this account.</p>
        </Card>
      ) : query.data ? (
        <Card>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-semibold">BSP number</dt>
            <dd>{query.data.driver.bspNumber}</dd>
            <dt className="font-semibold">Company</dt>
            <dd>{query.data.driver.companyName || 'Not given'}</dd>
            <dt className="font-semibold">Vehicle capacity</dt>
            <dd>{query.data.driver.vehicleDetails.capacity} passengers</dd>
            <dt className="font-semibold">Hours</dt>
            <dd>
              {query.data.driver.availability.hours.start} to {query.data.driver.availability.hours.end}
            </dd>
          </dl>
        </Card>
      ) : (
        <Card>
          <p>
            {user?.isTest
              ? 'A test session has no saved business record.'
              : 'The driver record could not be loaded.'}
          </p>
        </Card>
      )}
    </div>
  );
}
