// The default texts of the legal pages (/privacidade, /termos, /cookies), editable in
// 'Configurações do Site'. Their format (LEGAL_TEXT_FORMAT): paragraphs separated by a blank
// line, '## ' starts a heading, '- ' a list item; {email} stands for the contact e-mail setting.

export const LEGAL_TEXT_FORMAT =
  "Separe os parágrafos com uma linha em branco. Uma linha que começa com '## ' vira um título e uma que começa com '- ' vira um item de lista. {email} é trocado pelo e-mail de contato.";

export const DEFAULT_PRIVACY_TEXT = `O Guia Fortim respeita a sua privacidade. Esta política explica, conforme a Lei Geral de Proteção de Dados Pessoais (LGPD, Lei nº 13.709/2018), quais dados pessoais guardamos, por que, por quanto tempo e como você exerce os seus direitos.

## Quem visita sem conta
Para navegar pelo guia, ver hospedagens, comércios, passeios e o mapa, você não precisa informar nenhum dado pessoal. Não usamos cookies de rastreamento nem ferramentas de publicidade.

## O que contamos das visitas
Para saber quais anúncios despertam interesse, contamos, por anúncio e por dia:
- visualizações: quando a página do anúncio ou a sua janela nas listas é aberta;
- contatos pelo WhatsApp: quando alguém toca em 'Fale agora';
- aberturas no mapa: quando alguém abre o marcador do anúncio no mapa.
Guardamos apenas esses totais, somados, sem saber quem fez o quê. A contagem não usa cookies e não guarda nenhum dado pessoal nem o seu endereço IP. O endereço só é usado no momento da contagem, para barrar abusos (como o mesmo toque repetido ou envios em massa): ele vira um código que não o revela, mantido apenas na memória do servidor até o fim do dia e nunca gravado. Acessos de robôs e de buscadores são ignorados.

## Quais dados a sua conta guarda
- E-mail: para entrar na conta e receber mensagens sobre ela (confirmação de cadastro e recuperação de senha).
- Senha: guardada apenas de forma cifrada (nunca em texto legível).
- Nome completo e nome de usuário, se você os informar: para exibir no seu perfil.
- Função no site (usuário, moderador ou administrador): para liberar o acesso ao painel de quem o administra.
- Registros técnicos de acesso (data e hora das sessões): para a segurança da conta.
- Avaliações que você escreve: o lugar avaliado, a nota (de 1 a 5 estrelas), o comentário, as datas de envio e de alteração e a situação da moderação (pendente, aprovada ou rejeitada, com o motivo da rejeição), para mostrá-las no guia e em Minhas avaliações.
- Favoritos: os lugares que você salvou e quando, para mostrá-los em Meus favoritos em qualquer aparelho em que você entrar.

## Avaliações e favoritos
Uma avaliação só aparece no guia depois de aprovada pela equipe de moderação. Aprovada, ela é pública: qualquer pessoa vê, na página do lugar, a nota, o comentário, a data e o nome do autor (o seu nome completo, ou o seu nome de usuário se não houver nome, ou 'Visitante' se não houver nenhum dos dois). O seu e-mail nunca aparece. Quem entrou na sua conta, com o e-mail confirmado, pode denunciar uma avaliação publicada; ela sai da página e volta para a moderação. Você pode editar (a avaliação volta para a moderação) ou excluir as suas avaliações a qualquer momento em Seu Perfil. Para barrar abusos, as avaliações e as denúncias de cada conta e de cada rede são contadas por 24 horas: da rede, guardamos junto dessas contagens só um código que não revela o seu endereço de internet, descartado depois desse prazo.
Sem entrar na conta, os favoritos ficam só no seu navegador, neste aparelho, e nunca são enviados para o Guia Fortim. Ao entrar, eles são somados aos da sua conta e guardados nela. Os seus favoritos só são vistos por você.

## Por que usamos esses dados
Usamos os dados somente para manter a sua conta funcionando e segura, guardar os seus favoritos e publicar as avaliações que você envia (LGPD, art. 7º, V: execução de contrato, e IX: legítimo interesse na segurança). Não vendemos nem compartilhamos os seus dados para fins de publicidade. O contato com hospedagens, comércios e passeios pelo WhatsApp acontece diretamente entre você e o estabelecimento, fora do Guia Fortim.

## Por quanto tempo
Os dados ficam guardados enquanto a sua conta existir. Ao excluir a conta, o seu e-mail, a sua senha, o seu perfil, a sua função, os seus favoritos e as suas avaliações (as publicadas saem das páginas do guia na atualização seguinte do site) são apagados na hora, e o seu e-mail é retirado do histórico de alterações e da lixeira do painel; cópias de segurança são substituídas em até 30 dias.
Quem administra o guia tem uma exceção, pela segurança do conteúdo (LGPD, art. 7º, IX): enquanto a conta existir, o histórico de alterações do painel guarda o e-mail do administrador em cada alteração que ele fez e quando recebeu ou perdeu uma função de moderador ou administrador, por até um ano (o prazo definido nas configurações do site).

## Seus direitos
Pela LGPD (art. 18), você pode a qualquer momento:
- confirmar se tratamos os seus dados e acessá-los;
- corrigir dados incompletos, inexatos ou desatualizados;
- pedir a anonimização, o bloqueio ou a eliminação de dados desnecessários;
- pedir a portabilidade dos seus dados;
- saber com quem compartilhamos os seus dados;
- revogar o consentimento e excluir a sua conta;
- reclamar à Autoridade Nacional de Proteção de Dados (ANPD).

## Como exercer os seus direitos
Em Seu Perfil, você vê e corrige o seu nome e o seu nome de usuário, vê, edita e exclui as suas avaliações (Minhas avaliações) e pode excluir a sua conta (aba Segurança, com a confirmação da sua senha). Para os demais pedidos, escreva para {email}; respondemos em até 15 dias.

## Contato
Dúvidas sobre esta política ou sobre os seus dados: {email}.`;

export const DEFAULT_TERMS_TEXT = `Ao usar o Guia Fortim, você concorda com estes termos.

## O que é o Guia Fortim
Um guia turístico de Fortim, Ceará, com hospedagens, comércios e passeios da cidade. O guia apresenta os estabelecimentos e o contato com eles; não faz reservas, não vende serviços e não intermedeia pagamentos.

## Informações dos estabelecimentos
Preços, horários, fotos e descrições são informados pelos próprios estabelecimentos ou reunidos pela equipe do guia e podem mudar sem aviso. Confirme as condições diretamente com o estabelecimento antes de fechar qualquer negócio. Fotos marcadas como ilustrativas não mostram o local real.

## Sua conta
Você é responsável por manter a sua senha em segredo e pelas informações que coloca no seu perfil. Não use o guia para enviar conteúdo ilegal, ofensivo ou que não seja seu. Contas usadas para abuso podem ser suspensas. Você pode excluir a sua conta a qualquer momento em Seu Perfil.

## Privacidade
O tratamento dos seus dados pessoais segue a nossa Política de Privacidade, em /privacidade.

## Alterações
Estes termos podem ser atualizados; a versão publicada nesta página é a que vale.

## Contato
Dúvidas sobre estes termos: {email}.`;

export const DEFAULT_COOKIES_TEXT = `O Guia Fortim não usa cookies de rastreamento, de publicidade ou de estatística.

## O que o site guarda no seu navegador
- Quem só navega pelo guia: nada, a não ser os lugares que você salvar nos favoritos, guardados no armazenamento local do navegador, neste aparelho, e nunca enviados para o Guia Fortim. Eles ficam até você removê-los ou apagar os dados do site no navegador.
- Quem entra na conta: a sessão de acesso, guardada no armazenamento local do navegador, para que você continue conectado entre as páginas. Ela é apagada quando você clica em Sair.
- Administradores: as preferências do painel (como a ordem das listas), também no armazenamento local do navegador.

## Serviços de terceiros
A página do mapa carrega o Google Maps, um serviço do Google sujeito à política de privacidade do Google. Os botões 'Fale agora' abrem o WhatsApp, que segue a política do próprio WhatsApp.

## Como apagar
Você pode apagar esses dados a qualquer momento nas configurações do seu navegador (dados de sites). Sem eles, o guia continua funcionando; você só precisará entrar na conta de novo, e os favoritos salvos sem conta neste aparelho se perdem.

## Contato
Dúvidas: {email}.`;
