export function App() {
  return <h1>Painel Administrativo</h1>;
}
