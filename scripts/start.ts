// `npm start`: brings up the local portal. Parts are wired in as they are built; this prints what
// is running and what is not wired yet.
console.log(`Guia Fortim — ambiente local

Ainda não conectado nesta versão:
  - db/local (Supabase local)        → npm run db:local quando existir
  - workers/api (wrangler dev)       → npm run dev -w workers/api
  - site público + painel em um só endereço

Veja o README para o estado de cada parte.`);
