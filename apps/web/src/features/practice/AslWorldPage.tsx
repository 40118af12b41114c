export function AslWorldPage() {
  return (
    <section className="page" aria-labelledby="asl-world-title">
      <h1 id="asl-world-title">ASL World</h1>
      <p className="lead">Practise stories sentence by sentence with live feedback on your handshapes.</p>
    </section>
  );
}
