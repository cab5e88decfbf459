import { ClientApp } from '@/components/ClientApp';

export default function Home() {
  return <ClientApp />;
}
