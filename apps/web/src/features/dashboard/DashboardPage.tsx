import { Hand, HeartHandshake, Lightbulb, Users } from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session/session-context';
import { ProgressPanel } from './components/ProgressPanel';
import './dashboard.css';

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** The signed-in landing page: greeting, the way into ASL World, and what else is here. */
export function DashboardPage() {
  const { user } = useSession();
  const name = user?.firstName || user?.username || 'there';
  return (
    <section className="page" aria-labelledby="dashboard-title">
      <div className="dashboard-hero">
        <div>
          <p className="eyebrow">{greeting(new Date().getHours())}</p>
          <h1 id="dashboard-title">Welcome, {name}!</h1>
          <p className="lead">
            Ready to practise? Fingerspell the words of a story and get feedback on every handshape.
          </p>
          <Link className="button button-primary" to="/asl-world">
            Start practising
          </Link>
        </div>
        <div className="hero-mark" aria-hidden="true">
          <Hand size={56} />
        </div>
      </div>

      <ProgressPanel />

      <div className="dashboard-grid">
        <article className="card module-card">
          <h2>
            <Hand size={20} aria-hidden="true" /> ASL World
          </h2>
          <p>Pick a story, turn on your camera and sign along, letter by letter.</p>
          <Link to="/asl-world">Open ASL World</Link>
        </article>
        <article className="card module-card">
          <h2>
            <Users size={20} aria-hidden="true" /> Harmony
          </h2>
          <p>Practise together with other learners in real time. Coming soon.</p>
          <Link to="/harmony">
            See what is planned<span className="visually-hidden"> for Harmony</span>
          </Link>
        </article>
        <article className="card module-card">
          <h2>
            <HeartHandshake size={20} aria-hidden="true" /> Reconnect
          </h2>
          <p>Shared goals and challenges with the signing community. Coming soon.</p>
          <Link to="/reconnect">
            See what is planned<span className="visually-hidden"> for Reconnect</span>
          </Link>
        </article>
        <article className="card module-card">
          <h2>
            <Lightbulb size={20} aria-hidden="true" /> Tips for good feedback
          </h2>
          <ul className="tips-list">
            <li>Sit facing a light source.</li>
            <li>Keep your signing hand inside the frame.</li>
            <li>A plain background helps recognition.</li>
          </ul>
        </article>
      </div>
    </section>
  );
}
