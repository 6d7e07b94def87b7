import { useQuery } from '@tanstack/react-query';
import { call } from '../bridge/bridge';

export function useAppInfo() {
  return useQuery({ queryKey: ['app.info'], queryFn: () => call('app.info', {}), staleTime: Infinity, retry: false });
}
