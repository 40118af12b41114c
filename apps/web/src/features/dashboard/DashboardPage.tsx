import { Hand } from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session/session-context';

export function DashboardPage() {
  const { user } = useSession();
  const name = user?.firstName || user?.username || 'there';
  return (
    <section className="page" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Welcome, {name}!</h1>
      <p className="lead">Ready to practise? Fingerspell the words of a story and get feedback on every handshape.</p>
      <div className="card card-cta">
        <Hand size={40} aria-hidden="true" />
        <div>
          <h2>ASL World</h2>
          <p>Pick a story, turn on your camera and sign along, letter by letter.</p>
        </div>
        <Link className="button button-primary" to="/asl-world">
          Start practising
        </Link>
      </div>
    </section>
  );
}
