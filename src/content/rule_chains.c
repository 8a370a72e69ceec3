/* --rule chain without a FILE: the built-in words of a word chain in each
 * language, words a young child knows, many sharing first and last letters
 * so that chains run long. A chain compares letters as rule.c's sound()
 * does (small and capital letters alike, accents left out, Ñ kept). */
#include "content/rule_model.h"

#include <string.h>

/* しりとり: in hiragana (a word ending in ん ends one) */
static const char *const shiritori[] = {
    "りす",     "すいか",   "かめ",     "めだか",     "かに",       "にわとり", "りんご",
    "ごま",     "まくら",   "らくだ",   "だるま",     "まめ",       "めがね",   "ねこ",
    "こま",     "まつ",     "つみき",   "きつね",     "ねずみ",     "みかん",   "さかな",
    "なす",     "すずめ",   "かさ",     "さる",       "るす",       "すし",     "しか",
    "かき",     "きのこ",   "こけし",   "しろ",       "ろうそく",   "くつ",     "つくえ",
    "えのぐ",   "ぐみ",     "みみ",     "みず",       "いす",       "すな",     "なし",
    "しまうま", "まり",     "りか",     "からす",     "うさぎ",     "ぎんこう", "うし",
    "しお",     "おに",     "にじ",     "じどうしゃ", "いか",       "かお",     "おりがみ",
    "みどり",   "りぼん",   "くま",     "まど",       "どんぐり",   "くり",     "りゅう",
    "うま",     "まいく",   "くじら",   "らいおん",   "たこ",       "こあら",   "らっこ",
    "こども",   "もも",     "もぐら",   "らじお",     "おばけ",     "けいと",   "とけい",
    "いちご",   "ごりら",   "らくがき", "きりん",     "たぬき",     "きって",   "てがみ",
    "みこし",   "しんごう", "うちわ",   "わに",       "にんじん",   "いぬ",     "ぬりえ",
    "えんぴつ", "つばめ",   "めろん",   "あり",       "りょうり",   "いるか",   "かば",
    "ばなな",   "なまず",   "ずぼん",   "たまご",     "ごはん",     "あめ",     "めだまやき",
    "きゅうり", "りんどう", "うどん",   "たいこ",     "こいのぼり",
};


static const char *const english[] = {
    "cat",  "tiger",   "rabbit",   "toad",  "dog",    "goat",  "train",  "nest",     "tent",
    "egg",  "giraffe", "elephant", "ant",   "tree",   "eel",   "lemon",  "net",      "tail",
    "lamb", "bat",     "tomato",   "owl",   "leaf",   "snake", "kite",   "ear",      "rat",
    "tap",  "pen",     "nut",      "tooth", "hat",    "teddy", "yak",    "kangaroo", "onion",
    "nose", "eagle",   "duck",     "king",  "garden", "nail",  "lion",   "robot",    "tulip",
    "pig",  "gate",    "star",     "rain",  "night",  "top",   "parrot", "apple",    "orange",
};
static const char *const spanish[] = {
    "abeja",  "árbol",    "avión",  "oso",      "ola",      "ojo",   "oveja",  "araña",   "agua",
    "anillo", "elefante", "erizo",  "estrella", "escoba",   "luna",  "lobo",   "nube",    "nariz",
    "zapato", "mesa",     "mano",   "oreja",    "uva",      "loro",  "ratón",  "naranja", "tortuga",
    "gato",   "pato",     "perro",  "rosa",     "sol",      "lápiz", "zorro",  "isla",    "ardilla",
    "conejo", "caracol",  "limón",  "nido",     "olla",     "huevo", "dedo",   "foca",    "casa",
    "taza",   "león",     "tambor", "delfín",   "ensalada", "oruga", "abrigo", "pelota",  "elote",
};
static const char *const french[] = {
    "chat",     "tortue",  "escargot", "tomate",  "éléphant", "tigre",    "école",  "étoile",
    "enfant",   "tasse",   "table",    "train",   "nuage",    "lapin",    "lune",   "lion",
    "lait",     "loup",    "pomme",    "poule",   "poisson",  "papillon", "pain",   "sapin",
    "soleil",   "serpent", "singe",    "souris",  "sac",      "citron",   "canard", "dent",
    "dauphin",  "chien",   "cheval",   "ours",    "igloo",    "orange",   "éponge", "arbre",
    "avion",    "ananas",  "abeille",  "oiseau",  "usine",    "nid",      "domino", "tapis",
    "escalier", "robot",   "renard",   "tambour", "neige",    "tulipe",
};
static const char *const german[] = {
    "Hund",   "Dach",     "Hase",   "Ente",   "Eule",   "Esel",  "Löwe",   "Elefant", "Tiger",
    "Regen",  "Nase",     "Eimer",  "Rose",   "Eis",    "Sonne", "Schule", "Lampe",   "Tasse",
    "Tomate", "Eidechse", "Rabe",   "Tanne",  "Nest",   "Topf",  "Fisch",  "Haus",    "Sack",
    "Katze",  "Kuh",      "Hose",   "Himmel", "Leiter", "Radio", "Ofen",   "Nudel",   "Löffel",
    "Apfel",  "Auto",     "Obst",   "Uhr",    "Insel",  "Birne", "Drache", "Mond",    "Dose",
    "Tisch",  "Schaf",    "Frosch", "Affe",   "Ei",     "Igel",  "Roller", "Ball",    "Lupe",
};
static const char *const portuguese[] = {
    "gato",   "ovo",    "onça",    "abacate", "escola",  "aranha", "árvore", "elefante", "estrela",
    "abelha", "avião",  "ônibus",  "sapo",    "olho",    "orelha", "uva",    "urso",     "ovelha",
    "lua",    "lobo",   "leão",    "casa",    "pato",    "pipoca", "bola",   "boneca",   "amigo",
    "anel",   "lápis",  "sol",     "limão",   "laranja", "janela", "mesa",   "macaco",   "ilha",
    "igreja", "escova", "espelho", "navio",   "nuvem",   "mão",    "mala",   "tatu",     "urubu",
    "rato",   "tomate", "tesoura", "flor",    "rosa",    "roda",   "dedo",   "dado",     "rede",
};
/* 词语接龙: two-character words, the last character the next one's first */
static const char *const chinese[] = {
    "火车", "车站", "站台", "台灯", "灯光", "光明", "明天", "天空", "空气", "气球", "球门",
    "门口", "口水", "水果", "天上", "上学", "学生", "生日", "日出", "出门", "大人", "人口",
    "手工", "工人", "山羊", "羊毛", "毛衣", "花生", "生气", "白天", "天气", "雨水", "水杯",
    "太阳", "阳光", "月亮", "亮光", "门外", "外面", "面包", "包子", "子女", "女生", "学校",
    "校门", "小鸟", "人手", "手心", "心里", "里面", "果园", "园地", "地上", "上面", "明月",
};
/* the same game in traditional characters (Taiwan's forms: 裡, 麵); the
 * platform and the desk lamp (站臺, 檯燈) share no character there, so
 * 站長, 長大 stand in their place */
static const char *const chinese_traditional[] = {
    "火車", "車站", "站長", "長大", "燈光", "光明", "明天", "天空", "空氣", "氣球", "球門",
    "門口", "口水", "水果", "天上", "上學", "學生", "生日", "日出", "出門", "大人", "人口",
    "手工", "工人", "山羊", "羊毛", "毛衣", "花生", "生氣", "白天", "天氣", "雨水", "水杯",
    "太陽", "陽光", "月亮", "亮光", "門外", "外面", "麵包", "包子", "子女", "女生", "學校",
    "校門", "小鳥", "人手", "手心", "心裡", "裡面", "果園", "園地", "地上", "上面", "明月",
};
/* 끝말잇기: the last syllable the next word's first */
static const char *const korean[] = {
    "사과",   "과자",   "자동차", "차표", "표시",   "시계", "계단", "단추", "나무",   "무지개",
    "개미",   "미소",   "소리",   "리본", "가방",   "방석", "석류", "바다", "다리",   "오리",
    "우유",   "유리",   "고구마", "마차", "수박",   "박수", "수건", "건물", "물감",   "감자",
    "자석",   "모자",   "자전거", "거미", "도토리", "기차", "시소", "소라", "라면",   "하마",
    "마술",   "토마토", "토끼",   "가위", "구두",   "두부", "부자", "자두", "두더지", "지도",
    "도자기", "기린",   "리코더", "마늘", "미로",
};
/* سلسلة كلمات: the last letter the next word's first (no word ends in ة) */
static const char *const arabic[] = {
    "بيت",  "تفاح",  "حليب", "باب", "بحر",  "رمل",   "لبن", "نمر",   "ريش", "شمس", "سمك",
    "كتاب", "بطريق", "قمر",  "رأس", "سرير", "ليمون", "نهر", "ورد",   "دب",  "بلح", "حصان",
    "نجم",  "موز",   "زيت",  "تمر", "رسم",  "مطر",   "قلم", "جمل",   "لون", "نار", "سكر",
    "كلب",  "بيض",   "أرنب", "أسد", "دجاج", "جبل",   "لحم", "مفتاح", "حوت", "توت", "تاج",
    "عسل",  "فيل",   "سور",  "ملح", "حمار", "رز",    "زر",  "رمان",  "نحل", "لوح", "حبل",
};

static const struct {
    const char *lang;
    const char *const *words;
    size_t count;
} CHAINS[] = {
#define CHAIN(l, w)                                                                                \
    {                                                                                              \
        l, w, sizeof w / sizeof w[0]                                                               \
    }
    CHAIN("ja", shiritori), CHAIN("en", english),
    CHAIN("es", spanish),   CHAIN("fr", french),
    CHAIN("de", german),    CHAIN("pt", portuguese),
    CHAIN("zh", chinese),   CHAIN("ko", korean),
    CHAIN("ar", arabic),    CHAIN("zh-Hant", chinese_traditional),
#undef CHAIN
};

const char *const *rule_chain_words(const char *lang, size_t *count)
{
    size_t at = 1; /* English's, for a language without */
    for (size_t i = 0; i < sizeof CHAINS / sizeof CHAINS[0]; i++)
        if (lang && !strcmp(lang, CHAINS[i].lang)) at = i;
    *count = CHAINS[at].count;
    return CHAINS[at].words;
}
