/**
 * The concept lexicon behind the built-in embedding model: what Kindred members write about
 * (activities, interests, study subjects, social traits, what they are looking for), with the
 * words they use for each in English and Chinese, and how concepts relate to one another.
 *
 * Data only. How it is used (embed.ts, tokenize.ts):
 * - `en` terms are run through the same tokenizer and stemmer as member text, so a base form
 *   also matches its regular inflections ("hike" matches "hikes", "hiking", "hiked"). Listing an
 *   inflection anyway is harmless and keeps the file searchable; what must be listed are the
 *   forms the stemmer cannot reach (irregular verbs, "-er" nouns, "travelling"). A multi-word
 *   term ("trail running", "league of legends") is matched as a phrase and the longest match
 *   wins, so "bible study" is faith, not study, and "coffee chat" is coffee, not conversation.
 * - `zh` terms are simplified Chinese, pure Han, at least two characters, matched as
 *   substrings (longest first). Traditional characters are folded to simplified before matching.
 * - `related` links are made symmetric when the model loads (the larger weight wins), so a link
 *   needs to be written only once. Weights are in (0, 1): how much of the other concept a
 *   mention of this one implies. Spreading goes one hop only, which keeps results predictable.
 * - A term belongs to exactly one concept (lexicon.test.ts checks it after stemming).
 *
 * Every vector depends on this file: changing a concept, term or weight changes stored
 * embeddings, so bump BUILTIN_EMBEDDING_MODEL in embed.ts along with it.
 */

/**
 * What kind of thing a concept is. Interests and activities carry the most weight when
 * embedding; traits and relationship goals appear in almost every profile and query, so they
 * count for less (see CONCEPT_KIND_WEIGHT in embed.ts).
 */
export type ConceptKind = 'activity' | 'interest' | 'subject' | 'trait' | 'goal';

export interface Concept {
  /** Stable snake_case id; it seeds the concept's direction, so renaming one changes vectors. */
  readonly id: string;
  readonly kind: ConceptKind;
  readonly en: readonly string[];
  readonly zh: readonly string[];
  readonly related: Readonly<Record<string, number>>;
}

export const LEXICON: readonly Concept[] = [
  // ── Outdoors ──────────────────────────────────────────────────────────────────────────────
  {
    id: 'hiking',
    kind: 'activity',
    en: ['hike', 'hiking', 'hiker', 'trek', 'trekking', 'trail', 'hillwalking', 'scrambling', 'day hike', 'hiking trail'],
    zh: ['徒步', '爬山', '登山', '远足', '行山', '走山路'],
    related: { outdoors: 0.6, trail_running: 0.5, camping: 0.5, nature: 0.5, climbing: 0.3, travel: 0.2 },
  },
  {
    id: 'outdoors',
    kind: 'interest',
    en: ['outdoors', 'outdoor', 'outdoorsy', 'outside', 'wilderness', 'open air', 'fresh air', 'backcountry'],
    zh: ['户外', '野外', '户外运动'],
    related: { nature: 0.6, camping: 0.5, adventure: 0.4, fishing: 0.3, cycling: 0.3, water_sports: 0.3 },
  },
  {
    id: 'nature',
    kind: 'interest',
    en: [
      'nature', 'forest', 'woods', 'mountain', 'lake', 'beach', 'waterfall', 'scenery', 'sunrise', 'sunset',
      'wildlife', 'birdwatching', 'birding', 'national park', 'provincial park',
    ],
    zh: ['大自然', '自然', '森林', '湖边', '海边', '看日出', '看日落', '观鸟', '风景', '山里'],
    related: { outdoors: 0.6, gardening: 0.3, photography: 0.2, astronomy: 0.2, environment: 0.3 },
  },
  {
    id: 'camping',
    kind: 'activity',
    en: ['camp', 'camping', 'camper', 'campfire', 'campsite', 'tent', 'glamping'],
    zh: ['露营', '野营', '扎营'],
    related: { outdoors: 0.6, nature: 0.5, hiking: 0.5, fishing: 0.3 },
  },
  {
    id: 'fishing',
    kind: 'activity',
    en: ['fishing', 'fish', 'angling', 'fly fishing', 'fisherman'],
    zh: ['钓鱼', '垂钓'],
    related: { outdoors: 0.5, nature: 0.4 },
  },
  {
    id: 'adventure',
    kind: 'trait',
    en: ['adventure', 'adventurous', 'spontaneous', 'thrill', 'adrenaline', 'new experience', 'try new thing', 'explorer'],
    zh: ['冒险', '探险', '说走就走', '尝鲜', '刺激'],
    related: { outdoors: 0.4, travel: 0.4 },
  },

  // ── Sports and fitness ────────────────────────────────────────────────────────────────────
  {
    id: 'running',
    kind: 'activity',
    en: ['run', 'ran', 'running', 'runner', 'jog', 'jogging', 'jogger', 'marathon', 'half marathon', '5k', '10k', 'track and field', 'run club'],
    zh: ['跑步', '慢跑', '长跑', '马拉松', '夜跑', '晨跑', '半马', '全马'],
    related: { trail_running: 0.6, fitness: 0.5, sports: 0.3 },
  },
  {
    id: 'trail_running',
    kind: 'activity',
    en: ['trail running', 'trail run', 'trail runner', 'ultramarathon', 'ultra marathon', 'mountain running', 'fell running'],
    zh: ['越野跑', '山地跑', '越野跑步'],
    related: { running: 0.7, hiking: 0.5, outdoors: 0.5, fitness: 0.3 },
  },
  {
    id: 'climbing',
    kind: 'activity',
    en: [
      'climb', 'climbing', 'climber', 'bouldering', 'boulder', 'boulderer', 'rock climbing', 'climbing gym',
      'belay', 'belayer', 'top rope', 'lead climbing', 'lead climb', 'crag', 'sport climbing',
    ],
    zh: ['攀岩', '抱石', '攀登', '岩馆'],
    related: { fitness: 0.4, outdoors: 0.4, hiking: 0.3, sports: 0.3 },
  },
  {
    id: 'cycling',
    kind: 'activity',
    en: ['cycle', 'cycling', 'cyclist', 'bike', 'biking', 'bicycle', 'mountain biking', 'road bike', 'bike ride', 'spin class'],
    zh: ['骑行', '骑车', '自行车', '单车', '山地车', '脚踏车'],
    related: { outdoors: 0.4, fitness: 0.4, running: 0.2, sports: 0.3 },
  },
  {
    id: 'swimming',
    kind: 'activity',
    en: ['swim', 'swam', 'swimming', 'swimmer', 'swimming pool', 'lap swim', 'aquatic centre', 'aquatic center'],
    zh: ['游泳', '泳池', '游泳馆'],
    related: { water_sports: 0.5, fitness: 0.4, sports: 0.3 },
  },
  {
    id: 'water_sports',
    kind: 'activity',
    en: [
      'kayak', 'kayaking', 'canoe', 'canoeing', 'paddleboard', 'paddleboarding', 'paddling', 'surf', 'surfing', 'surfer',
      'sailing', 'sail', 'rowing', 'dragon boat', 'scuba', 'scuba diving', 'snorkel', 'snorkeling', 'diving',
    ],
    zh: ['皮划艇', '冲浪', '潜水', '帆船', '划船', '浮潜', '龙舟', '桨板'],
    related: { swimming: 0.5, outdoors: 0.5, nature: 0.3 },
  },
  {
    id: 'winter_sports',
    kind: 'activity',
    en: ['ski', 'skiing', 'skier', 'snowboard', 'snowboarding', 'snowboarder', 'ice skating', 'skating', 'snowshoe', 'snowshoeing', 'ski hill'],
    zh: ['滑雪', '单板', '双板', '滑冰', '溜冰', '雪场'],
    related: { outdoors: 0.5, hockey: 0.3, sports: 0.3, travel: 0.2 },
  },
  {
    id: 'skateboarding',
    kind: 'activity',
    en: ['skateboard', 'skateboarding', 'skater', 'skate park', 'longboard', 'longboarding', 'rollerblade', 'rollerblading', 'roller skating'],
    zh: ['滑板', '轮滑', '长板'],
    related: { outdoors: 0.3, sports: 0.3, winter_sports: 0.2 },
  },
  {
    id: 'fitness',
    kind: 'activity',
    en: [
      'gym', 'workout', 'work out', 'exercise', 'fitness', 'weightlifting', 'weight lifting', 'lift', 'lifting', 'lifter',
      'weight', 'strength training', 'bodybuilding', 'powerlifting', 'crossfit', 'cardio', 'hiit', 'bench press',
      'squat', 'deadlift', 'personal trainer', 'push pull legs', 'gains', 'gym rat', 'leg day',
    ],
    zh: ['健身', '健身房', '撸铁', '锻炼', '举重', '力量训练', '增肌', '练腿', '有氧', '深蹲', '卧推'],
    related: { sports: 0.4, running: 0.3, wellness: 0.4, yoga: 0.3, martial_arts: 0.3 },
  },
  {
    id: 'yoga',
    kind: 'activity',
    en: ['yoga', 'yogi', 'pilates', 'stretching', 'hot yoga', 'barre', 'yoga class'],
    zh: ['瑜伽', '普拉提', '拉伸'],
    related: { mindfulness: 0.5, fitness: 0.4, wellness: 0.4, dance: 0.2 },
  },
  {
    id: 'martial_arts',
    kind: 'activity',
    en: [
      'martial art', 'karate', 'taekwondo', 'judo', 'bjj', 'jiu jitsu', 'boxing', 'boxer', 'kickboxing', 'muay thai',
      'kung fu', 'tai chi', 'fencing', 'mma', 'wrestling', 'aikido',
    ],
    zh: ['武术', '功夫', '拳击', '跆拳道', '柔道', '太极', '击剑', '散打', '空手道'],
    related: { fitness: 0.4, sports: 0.3 },
  },
  {
    id: 'sports',
    kind: 'interest',
    en: ['sport', 'sports', 'athlete', 'athletic', 'intramural', 'intramurals', 'rec league', 'pickup game', 'team sport', 'varsity', 'golf', 'ultimate frisbee', 'frisbee', 'golf course'],
    zh: ['运动', '体育', '球类', '体育馆', '打球', '球友', '高尔夫', '飞盘'],
    related: { fitness: 0.4, basketball: 0.3, soccer: 0.3, volleyball: 0.3, racket_sports: 0.3 },
  },
  {
    id: 'basketball',
    kind: 'activity',
    en: ['basketball', 'hoops', 'nba', 'shoot hoops', 'streetball'],
    zh: ['篮球', '打篮球', '投篮'],
    related: { sports: 0.6, fitness: 0.3 },
  },
  {
    id: 'soccer',
    kind: 'activity',
    en: ['soccer', 'football', 'futsal', 'premier league', 'champions league', 'world cup'],
    zh: ['足球', '踢球', '踢足球', '世界杯', '英超'],
    related: { sports: 0.6, fitness: 0.3 },
  },
  {
    id: 'volleyball',
    kind: 'activity',
    en: ['volleyball', 'beach volleyball', 'spikeball'],
    zh: ['排球', '沙滩排球'],
    related: { sports: 0.6, nature: 0.1 },
  },
  {
    id: 'hockey',
    kind: 'activity',
    en: ['hockey', 'ice hockey', 'nhl', 'canucks', 'ball hockey', 'field hockey'],
    zh: ['冰球', '曲棍球'],
    related: { sports: 0.6, winter_sports: 0.3 },
  },
  {
    id: 'racket_sports',
    kind: 'activity',
    en: ['racket', 'racquet', 'racket sport', 'squash', 'pickleball'],
    zh: ['球拍', '壁球', '匹克球', '打球拍'],
    related: { sports: 0.5, badminton: 0.6, tennis: 0.6, table_tennis: 0.6 },
  },
  {
    id: 'badminton',
    kind: 'activity',
    en: ['badminton', 'shuttlecock'],
    zh: ['羽毛球', '羽球', '打羽毛球'],
    related: { racket_sports: 0.7, sports: 0.4, table_tennis: 0.3, tennis: 0.3 },
  },
  {
    id: 'tennis',
    kind: 'activity',
    en: ['tennis', 'tennis court', 'wimbledon'],
    zh: ['网球', '打网球'],
    related: { racket_sports: 0.7, sports: 0.4, badminton: 0.3 },
  },
  {
    id: 'table_tennis',
    kind: 'activity',
    en: ['table tennis', 'ping pong', 'pingpong'],
    zh: ['乒乓球', '乒乓', '打乒乓球'],
    related: { racket_sports: 0.7, sports: 0.4, badminton: 0.3 },
  },
  {
    id: 'dance',
    kind: 'activity',
    en: ['dance', 'dancing', 'dancer', 'salsa', 'bachata', 'ballet', 'ballroom', 'swing dance', 'hip hop dance', 'kpop dance', 'dance class', 'choreography', 'breakdance', 'tango'],
    zh: ['跳舞', '舞蹈', '街舞', '芭蕾', '拉丁舞', '交谊舞', '舞社'],
    related: { music_listening: 0.3, music_making: 0.2, fitness: 0.3, nightlife: 0.3 },
  },

  // ── Screens, games and tech ───────────────────────────────────────────────────────────────
  {
    id: 'movies',
    kind: 'interest',
    en: [
      'movie', 'film', 'cinema', 'cinephile', 'movie night', 'movie theater', 'movie theatre', 'flick', 'documentary',
      'horror movie', 'imax', 'letterboxd', 'film festival', 'a24', 'ghibli', 'marvel', 'blockbuster',
    ],
    zh: ['电影', '看电影', '电影院', '影院', '影迷', '纪录片', '观影', '影视'],
    related: { tv_series: 0.5, theatre: 0.3, anime: 0.2, art: 0.1 },
  },
  {
    id: 'tv_series',
    kind: 'interest',
    en: ['tv', 'tv show', 'tv series', 'netflix', 'binge', 'binge watching', 'sitcom', 'kdrama', 'k drama', 'reality tv', 'hbo', 'crunchyroll'],
    zh: ['电视剧', '追剧', '美剧', '韩剧', '日剧', '综艺', '剧集'],
    related: { movies: 0.5, anime: 0.3 },
  },
  {
    id: 'anime',
    kind: 'interest',
    en: ['anime', 'manga', 'cosplay', 'cosplayer', 'otaku', 'weeb', 'light novel', 'webtoon', 'comic', 'comic book'],
    zh: ['动漫', '动画', '漫画', '二次元', '番剧', '追番', '手办'],
    related: { video_games: 0.3, tv_series: 0.3, movies: 0.2, art: 0.2 },
  },
  {
    id: 'video_games',
    kind: 'interest',
    en: [
      'gaming', 'gamer', 'video game', 'videogame', 'esports', 'e sports', 'console', 'pc gaming', 'nintendo', 'nintendo switch',
      'playstation', 'ps5', 'xbox', 'steam deck', 'league of legends', 'valorant', 'minecraft', 'overwatch', 'dota',
      'fortnite', 'genshin', 'genshin impact', 'zelda', 'pokemon', 'mmo', 'rpg', 'fps', 'twitch', 'stardew valley',
      'animal crossing', 'elden ring', 'apex legends', 'counter strike', 'smash bros', 'duo queue', 'ranked',
    ],
    zh: ['游戏', '打游戏', '玩游戏', '电竞', '电子游戏', '网游', '手游', '英雄联盟', '王者荣耀', '原神', '开黑', '上分', '主机游戏', '单机游戏'],
    related: { board_games: 0.3, tech: 0.3, anime: 0.3 },
  },
  {
    id: 'board_games',
    kind: 'interest',
    en: [
      'board game', 'boardgame', 'tabletop', 'card game', 'd&d', 'dnd', 'dungeons and dragons', 'catan', 'poker', 'mahjong',
      'magic the gathering', 'puzzle', 'jigsaw', 'escape room', 'trivia', 'trivia night', 'game night', 'werewolf',
    ],
    zh: ['桌游', '狼人杀', '剧本杀', '麻将', '扑克', '打牌', '密室逃脱', '三国杀', '卡牌', '拼图'],
    related: { chess: 0.5, video_games: 0.3, socializing: 0.3 },
  },
  {
    id: 'chess',
    kind: 'interest',
    en: ['chess', 'chess club', 'xiangqi', 'weiqi', 'baduk', 'checkers', 'chess com', 'lichess'],
    zh: ['国际象棋', '象棋', '围棋', '下棋', '五子棋'],
    related: { board_games: 0.5, math: 0.1 },
  },
  {
    id: 'tech',
    kind: 'interest',
    en: [
      'coding', 'code', 'programming', 'programmer', 'developer', 'software', 'hackathon', 'open source', 'side project',
      'web development', 'web dev', 'app development', 'robotics', 'arduino', 'raspberry pi', 'tech', 'technology', 'gadget',
      'linux', 'python', 'javascript', 'github',
    ],
    zh: ['编程', '写代码', '程序员', '黑客松', '开源', '机器人', '科技', '码农'],
    related: { computer_science: 0.6, startups: 0.3, video_games: 0.2, engineering: 0.3 },
  },
  {
    id: 'startups',
    kind: 'interest',
    en: ['startup', 'start up', 'entrepreneur', 'entrepreneurship', 'founder', 'cofounder', 'co founder', 'business idea', 'venture', 'pitch competition', 'product management'],
    zh: ['创业', '创业者', '合伙人', '创始人', '商业计划'],
    related: { tech: 0.4, career: 0.4, business: 0.4 },
  },

  // ── Arts, music and culture ───────────────────────────────────────────────────────────────
  {
    id: 'music_listening',
    kind: 'interest',
    en: [
      'music', 'concert', 'gig', 'live music', 'music festival', 'festival', 'spotify', 'playlist', 'vinyl',
      'indie', 'jazz', 'rap', 'hip hop', 'r&b', 'classical music', 'opera', 'kpop', 'k pop', 'edm', 'rave', 'rock',
      'metal', 'punk', 'taylor swift',
    ],
    zh: ['音乐', '听歌', '演唱会', '音乐节', '摇滚', '爵士', '古典音乐', '说唱', '听音乐', '现场'],
    related: { music_making: 0.5, dance: 0.3, nightlife: 0.3 },
  },
  {
    id: 'music_making',
    kind: 'activity',
    en: [
      'guitar', 'guitarist', 'piano', 'pianist', 'violin', 'violinist', 'cello', 'drum', 'drummer', 'bass', 'bassist',
      'ukulele', 'sing', 'singing', 'singer', 'choir', 'a cappella', 'band', 'jam', 'jam session', 'songwriting',
      'songwriter', 'musician', 'instrument', 'compose', 'composing', 'music production', 'producer', 'dj', 'saxophone', 'flute',
    ],
    zh: ['吉他', '钢琴', '小提琴', '大提琴', '唱歌', '乐队', '合唱', '合唱团', '打鼓', '架子鼓', '作曲', '编曲', '尤克里里', '乐器', '弹琴'],
    related: { music_listening: 0.6, karaoke: 0.3, creative: 0.3 },
  },
  {
    id: 'karaoke',
    kind: 'activity',
    en: ['karaoke', 'ktv', 'noraebang', 'karaoke night'],
    zh: ['卡拉', '练歌房', '唱吧'],
    related: { music_making: 0.4, nightlife: 0.4, socializing: 0.3 },
  },
  {
    id: 'art',
    kind: 'interest',
    en: [
      'art', 'artist', 'art lover', 'painting', 'paint', 'painter', 'drawing', 'draw', 'sketch', 'sketching', 'illustration',
      'illustrator', 'watercolor', 'watercolour', 'oil painting', 'acrylic', 'ceramics', 'pottery', 'sculpture',
      'calligraphy', 'fine arts', 'digital art', 'art class', 'life drawing', 'printmaking', 'artsy',
    ],
    zh: ['艺术', '画画', '绘画', '油画', '水彩', '素描', '陶艺', '书法', '插画', '美术', '雕塑', '国画'],
    related: { museums: 0.6, crafts: 0.4, photography: 0.3, creative: 0.4, design: 0.3 },
  },
  {
    id: 'museums',
    kind: 'interest',
    en: ['museum', 'gallery', 'art gallery', 'exhibition', 'exhibit', 'art show', 'installation', 'curator', 'moma', 'louvre'],
    zh: ['博物馆', '美术馆', '画廊', '展览', '看展', '艺术展', '展馆'],
    related: { art: 0.6, history: 0.4, culture: 0.3 },
  },
  {
    id: 'design',
    kind: 'interest',
    en: ['design', 'designer', 'graphic design', 'ux', 'ui', 'ux design', 'typography', 'architecture', 'interior design', 'figma'],
    zh: ['设计', '平面设计', '建筑', '室内设计', '交互设计'],
    related: { art: 0.4, creative: 0.4, tech: 0.2 },
  },
  {
    id: 'photography',
    kind: 'interest',
    en: ['photo', 'photograph', 'photography', 'photographer', 'camera', 'film photography', 'film camera', 'photowalk', 'photo walk', 'street photography', 'portrait', 'lightroom', 'videography'],
    zh: ['摄影', '拍照', '照相', '相机', '胶片', '扫街', '修图', '拍视频'],
    related: { art: 0.4, travel: 0.3, nature: 0.2 },
  },
  {
    id: 'crafts',
    kind: 'activity',
    en: ['craft', 'crafting', 'crafty', 'knit', 'knitting', 'crochet', 'crocheting', 'sewing', 'sew', 'embroidery', 'diy', 'woodworking', 'origami', 'scrapbooking', 'jewelry making', 'candle making', 'lego'],
    zh: ['手工', '编织', '织毛衣', '刺绣', '手作', '折纸', '钩针', '乐高', '木工'],
    related: { art: 0.4, creative: 0.4 },
  },
  {
    id: 'writing',
    kind: 'activity',
    en: ['write', 'writing', 'writer', 'poetry', 'poem', 'poet', 'creative writing', 'fiction writing', 'journaling', 'journal', 'blog', 'blogging', 'screenwriting', 'fanfiction', 'zine'],
    zh: ['写作', '写诗', '诗歌', '写小说', '写东西', '日记', '博客', '创作'],
    related: { reading: 0.5, creative: 0.4 },
  },
  {
    id: 'reading',
    kind: 'interest',
    en: [
      'read', 'reading', 'reader', 'book', 'novel', 'book club', 'bookworm', 'bookstore', 'literature', 'fantasy novel',
      'sci fi', 'science fiction', 'fantasy', 'mystery novel', 'memoir', 'goodreads', 'kindle', 'audiobook', 'classic literature',
    ],
    zh: ['读书', '看书', '阅读', '小说', '书友', '读书会', '文学', '书店', '科幻'],
    related: { writing: 0.5, philosophy: 0.2, study: 0.1 },
  },
  {
    id: 'theatre',
    kind: 'interest',
    en: [
      'theater', 'theatre', 'musical', 'broadway', 'improv', 'acting', 'actor', 'actress', 'drama club', 'stand up comedy',
      'standup', 'stand up', 'comedy', 'comedy show', 'open mic', 'stage', 'shakespeare',
    ],
    zh: ['话剧', '戏剧', '音乐剧', '脱口秀', '即兴', '表演', '演戏', '舞台剧', '相声'],
    related: { movies: 0.3, music_listening: 0.2, humor: 0.3, art: 0.2 },
  },
  {
    id: 'culture',
    kind: 'interest',
    en: ['culture', 'cultural', 'heritage', 'tradition', 'lunar new year', 'diwali', 'multicultural', 'cultural club', 'cultural event'],
    zh: ['文化', '传统', '春节', '中秋', '传统文化', '节日'],
    related: { travel: 0.3, languages: 0.3, museums: 0.2, food: 0.2 },
  },
  {
    id: 'fashion',
    kind: 'interest',
    en: ['fashion', 'style', 'stylish', 'thrifting', 'thrift', 'thrift store', 'vintage', 'outfit', 'streetwear', 'sneaker', 'makeup', 'skincare', 'beauty'],
    zh: ['时尚', '穿搭', '化妆', '护肤', '古着', '美妆', '潮牌', '球鞋'],
    related: { shopping: 0.6, design: 0.2 },
  },
  {
    id: 'shopping',
    kind: 'activity',
    en: ['shopping', 'shop', 'mall', 'market', 'farmers market', 'flea market', 'night market', 'window shopping'],
    zh: ['逛街', '购物', '买东西', '商场', '夜市', '集市'],
    related: { fashion: 0.5, food: 0.2 },
  },

  // ── Food and drink ───────────────────────────────────────────────────────────────────────
  {
    id: 'food',
    kind: 'interest',
    en: [
      'food', 'foodie', 'eat', 'eating', 'restaurant', 'dining', 'dinner', 'lunch', 'brunch', 'food tour', 'street food',
      'ramen', 'sushi', 'dim sum', 'hot pot', 'hotpot', 'bbq', 'barbecue', 'korean bbq', 'pizza', 'burger', 'taco',
      'pho', 'noodle', 'dumpling', 'dessert', 'ice cream', 'cuisine', 'chinese food', 'korean food', 'japanese food',
      'indian food', 'thai food', 'italian food', 'food truck', 'michelin', 'yelp', 'spicy food',
    ],
    zh: ['美食', '吃货', '吃饭', '餐厅', '火锅', '拉面', '寿司', '烧烤', '早茶', '探店', '小吃', '宵夜', '饭搭子', '干饭', '约饭', '好吃的', '饭店', '甜品', '串串'],
    related: { cooking: 0.6, baking: 0.4, coffee: 0.3, travel: 0.2 },
  },
  {
    id: 'cooking',
    kind: 'activity',
    en: ['cook', 'cooking', 'chef', 'recipe', 'home cooking', 'meal prep', 'kitchen', 'potluck', 'homemade', 'home cooked meal', 'cooking class'],
    zh: ['做饭', '烹饪', '下厨', '厨艺', '做菜', '煮饭', '食谱'],
    related: { food: 0.6, baking: 0.6 },
  },
  {
    id: 'baking',
    kind: 'activity',
    en: ['bake', 'baking', 'baker', 'cake', 'bread', 'cookie', 'pastry', 'sourdough', 'cupcake', 'croissant', 'pie', 'cake decorating'],
    zh: ['烘焙', '烤蛋糕', '面包', '蛋糕', '烤面包', '饼干'],
    related: { cooking: 0.6, food: 0.5, coffee: 0.2 },
  },
  {
    id: 'coffee',
    kind: 'interest',
    en: [
      'coffee', 'cafe', 'coffee shop', 'coffee chat', 'coffee date', 'espresso', 'latte', 'cappuccino', 'barista',
      'pour over', 'tea', 'tea house', 'bubble tea', 'boba', 'matcha', 'starbucks',
    ],
    zh: ['咖啡', '咖啡馆', '咖啡店', '喝咖啡', '奶茶', '喝茶', '茶馆', '下午茶', '抹茶', '珍珠奶茶'],
    related: { food: 0.3, conversation: 0.4, study: 0.1 },
  },
  {
    id: 'nightlife',
    kind: 'activity',
    en: [
      'bar', 'pub', 'drink', 'beer', 'craft beer', 'wine', 'wine tasting', 'cocktail', 'brewery', 'clubbing',
      'nightclub', 'nightlife', 'party', 'partying', 'night out', 'happy hour', 'pub crawl', 'going out',
    ],
    zh: ['酒吧', '喝酒', '蹦迪', '夜店', '派对', '小酌', '啤酒', '红酒', '夜生活', '喝一杯'],
    related: { socializing: 0.5, music_listening: 0.3, dance: 0.3, extrovert: 0.3 },
  },

  // ── Travel and places ────────────────────────────────────────────────────────────────────
  {
    id: 'travel',
    kind: 'interest',
    en: [
      'travel', 'travelling', 'travelled', 'traveler', 'traveller', 'trip', 'road trip', 'backpacking', 'backpacker',
      'explore', 'exploring', 'abroad', 'vacation', 'holiday', 'travel companion', 'travel buddy', 'sightseeing',
      'wanderlust', 'getaway', 'weekend getaway', 'hostel', 'itinerary', 'day trip', 'passport', 'flight', 'tourist',
    ],
    zh: ['旅行', '旅游', '出游', '自驾', '自驾游', '背包客', '穷游', '旅伴', '出国', '度假', '周边游', '游玩', '环游', '背包旅行'],
    related: { adventure: 0.4, photography: 0.3, culture: 0.3, languages: 0.3, food: 0.2, hiking: 0.2 },
  },

  // ── Study and subjects ───────────────────────────────────────────────────────────────────
  {
    id: 'study',
    kind: 'subject',
    en: [
      'study', 'studying', 'study buddy', 'study partner', 'study group', 'study session', 'homework', 'assignment',
      'exam', 'midterm', 'final exam', 'finals', 'quiz', 'library', 'lecture', 'class', 'course', 'coursework', 'tutoring',
      'tutor', 'revision', 'review session', 'problem set', 'pset', 'lecture notes', 'cram', 'cramming', 'academic',
      'gpa', 'textbook', 'thesis', 'research', 'grad school', 'practice problem', 'office hours', 'lab report',
    ],
    zh: ['学习', '自习', '复习', '考试', '作业', '图书馆', '上课', '课程', '期末', '期中', '考研', '刷题', '学伴', '论文', '功课', '备考', '学霸', '一起学习', '预习'],
    related: { reading: 0.1, career: 0.2, coffee: 0.1 },
  },
  {
    id: 'math',
    kind: 'subject',
    en: ['math', 'maths', 'mathematics', 'calculus', 'linear algebra', 'algebra', 'statistics', 'stat', 'probability', 'geometry', 'proof', 'differential equation'],
    zh: ['数学', '微积分', '线性代数', '线代', '统计', '概率', '高数', '几何'],
    related: { study: 0.4, physics: 0.4, computer_science: 0.4, engineering: 0.3, economics: 0.2 },
  },
  {
    id: 'physics',
    kind: 'subject',
    en: ['physics', 'physicist', 'mechanics', 'quantum', 'thermodynamics', 'electromagnetism', 'astrophysics'],
    zh: ['物理', '量子', '力学', '物理学', '电磁学'],
    related: { math: 0.4, study: 0.4, astronomy: 0.4, engineering: 0.4 },
  },
  {
    id: 'chemistry',
    kind: 'subject',
    en: ['chemistry', 'chem', 'organic chemistry', 'orgo', 'ochem', 'o chem', 'biochemistry', 'biochem', 'chem lab', 'inorganic chemistry'],
    zh: ['化学', '有机化学', '有机', '生化', '化学实验', '无机化学'],
    related: { study: 0.4, biology: 0.4, premed: 0.3 },
  },
  {
    id: 'biology',
    kind: 'subject',
    en: ['biology', 'bio', 'anatomy', 'physiology', 'genetics', 'neuroscience', 'microbiology', 'ecology', 'cell biology', 'molecular biology', 'kinesiology'],
    zh: ['生物', '生物学', '解剖', '神经科学', '遗传', '生理', '生态学'],
    related: { study: 0.4, chemistry: 0.4, premed: 0.4 },
  },
  {
    id: 'premed',
    kind: 'subject',
    en: ['premed', 'pre med', 'mcat', 'medicine', 'medical school', 'med school', 'nursing', 'pharmacy', 'dentistry', 'health science', 'public health'],
    zh: ['医学', '医学院', '护理', '药学', '临床', '学医', '预科医学'],
    related: { biology: 0.4, chemistry: 0.3, study: 0.4 },
  },
  {
    id: 'computer_science',
    kind: 'subject',
    en: [
      'computer science', 'cs', 'comp sci', 'cpsc', 'algorithm', 'data structure', 'leetcode', 'data science',
      'machine learning', 'ml', 'ai', 'artificial intelligence', 'deep learning', 'software engineering', 'operating system', 'database',
    ],
    zh: ['计算机', '计算机科学', '算法', '数据结构', '数据科学', '机器学习', '人工智能', '深度学习', '计科'],
    related: { tech: 0.6, math: 0.4, study: 0.4, engineering: 0.3 },
  },
  {
    id: 'engineering',
    kind: 'subject',
    en: ['engineering', 'engineer', 'mechanical engineering', 'electrical engineering', 'civil engineering', 'circuit', 'cad', 'solidworks', 'robotics team', 'formula sae'],
    zh: ['工程', '工科', '机械', '电子工程', '土木', '电路'],
    related: { math: 0.3, physics: 0.4, study: 0.4, tech: 0.3 },
  },
  {
    id: 'economics',
    kind: 'subject',
    en: ['economics', 'econ', 'microeconomics', 'macroeconomics', 'econometrics'],
    zh: ['经济', '经济学', '宏观经济', '微观经济', '计量'],
    related: { business: 0.5, study: 0.4, math: 0.2, politics: 0.2 },
  },
  {
    id: 'business',
    kind: 'subject',
    en: ['business', 'commerce', 'finance', 'accounting', 'marketing', 'investing', 'investment', 'stock', 'stock market', 'crypto', 'mba', 'consulting', 'case competition'],
    zh: ['商科', '金融', '会计', '市场营销', '投资', '理财', '炒股', '股票', '咨询', '商学院'],
    related: { economics: 0.5, startups: 0.4, career: 0.4, study: 0.3 },
  },
  {
    id: 'languages',
    kind: 'subject',
    en: [
      'language', 'language exchange', 'language partner', 'tandem', 'spanish', 'french', 'japanese', 'korean', 'mandarin',
      'cantonese', 'german', 'italian', 'portuguese', 'english practice', 'esl', 'ielts', 'toefl', 'duolingo',
      'conversation practice', 'bilingual', 'fluent', 'polyglot', 'linguistics', 'learn chinese', 'practice english',
    ],
    zh: ['语言交换', '学英语', '英语', '日语', '韩语', '法语', '西班牙语', '德语', '口语', '练口语', '外语', '学中文', '雅思', '托福', '粤语', '普通话', '语伴', '中文'],
    related: { culture: 0.4, conversation: 0.4, travel: 0.3, study: 0.3 },
  },
  {
    id: 'history',
    kind: 'subject',
    en: ['history', 'historical', 'historian', 'archaeology', 'ancient', 'medieval', 'history buff', 'classics'],
    zh: ['历史', '历史学', '考古', '古代', '三国'],
    related: { museums: 0.4, culture: 0.3, politics: 0.3, philosophy: 0.2 },
  },
  {
    id: 'philosophy',
    kind: 'subject',
    en: ['philosophy', 'philosopher', 'philosophical', 'ethics', 'existentialism', 'existential', 'stoicism', 'metaphysics', 'big question'],
    zh: ['哲学', '伦理', '存在主义', '思辨'],
    related: { conversation: 0.4, reading: 0.3, psychology: 0.3, politics: 0.2 },
  },
  {
    id: 'psychology',
    kind: 'subject',
    en: ['psychology', 'psych', 'psychologist', 'cognitive science', 'cogs', 'behavioral science', 'sociology', 'anthropology', 'social science'],
    zh: ['心理学', '心理', '社会学', '人类学', '认知科学'],
    related: { philosophy: 0.3, wellness: 0.2, study: 0.3, conversation: 0.2 },
  },
  {
    id: 'politics',
    kind: 'interest',
    en: ['politics', 'political', 'political science', 'poli sci', 'debate', 'debating', 'model un', 'current event', 'news', 'policy', 'activism', 'activist', 'law', 'law school', 'lsat', 'international relations'],
    zh: ['政治', '时事', '辩论', '模联', '新闻', '法律', '法学', '国际关系'],
    related: { history: 0.3, philosophy: 0.2, economics: 0.2, conversation: 0.3, environment: 0.2 },
  },
  {
    id: 'astronomy',
    kind: 'interest',
    en: ['astronomy', 'stargazing', 'telescope', 'outer space', 'planet', 'astrophotography', 'meteor shower', 'night sky', 'cosmos', 'nasa'],
    zh: ['天文', '观星', '看星星', '星空', '天文学', '流星雨', '宇宙'],
    related: { physics: 0.4, nature: 0.3, camping: 0.2, photography: 0.2 },
  },
  {
    id: 'environment',
    kind: 'interest',
    en: ['sustainability', 'sustainable', 'environment', 'environmental', 'climate', 'climate change', 'climate action', 'zero waste', 'recycling', 'eco friendly', 'conservation', 'plastic free'],
    zh: ['环保', '可持续', '气候', '气候变化', '零浪费', '垃圾分类', '生态'],
    related: { nature: 0.4, volunteering: 0.4, gardening: 0.3, politics: 0.2 },
  },
  {
    id: 'gardening',
    kind: 'activity',
    en: ['garden', 'gardening', 'gardener', 'plant', 'houseplant', 'plant parent', 'community garden', 'succulent', 'flower', 'grow vegetable'],
    zh: ['园艺', '种花', '养花', '种菜', '植物', '多肉', '花园', '绿植'],
    related: { nature: 0.5, environment: 0.3, cooking: 0.1 },
  },
  {
    id: 'pets',
    kind: 'interest',
    en: ['pet', 'dog', 'puppy', 'doggo', 'cat', 'kitten', 'kitty', 'dog walking', 'animal', 'animal lover', 'dog lover', 'cat lover', 'rabbit', 'hamster', 'dog park', 'cat cafe'],
    zh: ['宠物', '猫咪', '小猫', '小狗', '狗狗', '撸猫', '遛狗', '养猫', '养狗', '铲屎官', '猫奴', '动物', '萌宠'],
    related: { nature: 0.2, outdoors: 0.1 },
  },
  {
    id: 'volunteering',
    kind: 'activity',
    en: ['volunteer', 'volunteering', 'community service', 'charity', 'nonprofit', 'non profit', 'food bank', 'fundraising', 'fundraiser', 'mentoring', 'mentor', 'giving back', 'shelter'],
    zh: ['志愿者', '做志愿', '志愿', '义工', '公益', '慈善', '支教'],
    related: { environment: 0.3, kindness: 0.3, socializing: 0.2 },
  },
  {
    id: 'faith',
    kind: 'interest',
    en: ['church', 'bible study', 'bible', 'faith', 'christian', 'christ', 'jesus', 'muslim', 'islam', 'mosque', 'temple', 'prayer', 'pray', 'buddhism', 'buddhist', 'religion', 'religious', 'fellowship', 'spiritual', 'spirituality', 'hindu', 'jewish', 'hillel'],
    zh: ['教会', '信仰', '基督', '圣经', '佛教', '礼拜', '宗教', '团契', '查经', '基督徒', '寺庙'],
    related: { volunteering: 0.2, mindfulness: 0.2, socializing: 0.2 },
  },

  // ── Wellbeing ────────────────────────────────────────────────────────────────────────────
  {
    id: 'mindfulness',
    kind: 'activity',
    en: ['meditate', 'meditation', 'mindfulness', 'mindful', 'breathwork', 'retreat', 'calm mind'],
    zh: ['冥想', '正念', '打坐', '静心'],
    related: { yoga: 0.5, wellness: 0.4 },
  },
  {
    id: 'wellness',
    kind: 'interest',
    en: ['wellness', 'mental health', 'self care', 'healthy', 'health', 'healthy lifestyle', 'healthy eating', 'nutrition', 'sleep', 'wellbeing', 'well being', 'vegan', 'vegetarian', 'plant based', 'sober', 'sober curious'],
    zh: ['心理健康', '养生', '健康', '减脂', '减肥', '健康饮食', '素食', '早睡早起', '作息'],
    related: { fitness: 0.4, mindfulness: 0.4, yoga: 0.3, cooking: 0.1 },
  },

  // ── Personality and social style ─────────────────────────────────────────────────────────
  {
    id: 'introvert',
    kind: 'trait',
    en: ['introvert', 'introverted', 'quiet', 'shy', 'homebody', 'low key', 'lowkey', 'reserved', 'night in', 'stay in', 'cozy', 'small group', 'socially anxious'],
    zh: ['内向', '安静', '宅男', '宅女', '社恐', '宅在家', '慢热', '不爱说话'],
    related: { chill: 0.5, reading: 0.1 },
  },
  {
    id: 'extrovert',
    kind: 'trait',
    en: ['extrovert', 'extroverted', 'extravert', 'outgoing', 'social butterfly', 'talkative', 'energetic', 'sociable', 'bubbly', 'loud', 'high energy', 'life of the party', 'people person'],
    zh: ['外向', '开朗', '社牛', '活泼', '健谈', '话痨', '自来熟', '热情'],
    related: { socializing: 0.6, nightlife: 0.3, humor: 0.2 },
  },
  {
    id: 'chill',
    kind: 'trait',
    en: ['chill', 'relaxed', 'relax', 'laid back', 'easygoing', 'easy going', 'low maintenance', 'calm', 'mellow', 'hang out', 'hangout', 'hang', 'chill vibe', 'go with the flow', 'vibe', 'long walk', 'stroll'],
    zh: ['随和', '佛系', '放松', '随性', '轻松', '躺平', '松弛', '散步', '遛弯'],
    related: { introvert: 0.3, conversation: 0.2, friendship: 0.2 },
  },
  {
    id: 'conversation',
    kind: 'trait',
    en: [
      'conversation', 'talk', 'talking', 'chat', 'chatting', 'deep conversation', 'deep talk', 'discussion', 'discuss',
      'meaningful conversation', 'listener', 'good listener', 'heart to heart', 'yap', 'banter', 'storytelling',
    ],
    zh: ['聊天', '谈心', '交流', '深度对话', '倾听', '畅聊', '唠嗑', '深聊'],
    related: { coffee: 0.3, philosophy: 0.3, friendship: 0.3, languages: 0.2 },
  },
  {
    id: 'humor',
    kind: 'trait',
    en: ['funny', 'humor', 'humour', 'sense of humor', 'sense of humour', 'joke', 'meme', 'witty', 'sarcastic', 'sarcasm', 'laugh', 'goofy', 'silly', 'puns'],
    zh: ['幽默', '搞笑', '有趣', '段子', '玩梗', '沙雕', '逗比', '风趣'],
    related: { theatre: 0.2, extrovert: 0.2 },
  },
  {
    id: 'kindness',
    kind: 'trait',
    en: ['kindness', 'kind hearted', 'caring', 'supportive', 'empathetic', 'empathy', 'honest', 'loyal', 'trustworthy', 'genuine', 'thoughtful', 'respectful', 'open minded', 'reliable', 'wholesome', 'down to earth'],
    zh: ['善良', '真诚', '体贴', '靠谱', '温柔', '包容', '忠诚', '诚实', '温暖', '三观正'],
    related: { friendship: 0.3, volunteering: 0.1 },
  },
  {
    id: 'creative',
    kind: 'trait',
    en: ['creative', 'creativity', 'imaginative', 'artistic', 'maker', 'create', 'creator', 'content creator', 'youtube', 'youtuber', 'tiktok', 'video editing'],
    zh: ['创意', '有创造力', '文艺', '文艺青年', '视频剪辑', '自媒体', '博主'],
    related: { art: 0.4, writing: 0.3, music_making: 0.3, design: 0.3 },
  },
  {
    id: 'career',
    kind: 'trait',
    en: [
      'ambitious', 'driven', 'motivated', 'hardworking', 'hard working', 'goal oriented', 'productive', 'disciplined',
      'career', 'internship', 'intern', 'co op job', 'networking', 'professional', 'resume', 'job hunt', 'job search',
      'interview prep', 'linkedin', 'accountability', 'accountable', 'grind', 'hustle', 'co op',
    ],
    zh: ['上进', '自律', '努力', '职业', '实习', '求职', '找工作', '面试', '内推', '职场', '互相监督'],
    related: { study: 0.3, startups: 0.3, business: 0.3 },
  },

  // ── Who members are and what they are looking for ────────────────────────────────────────
  {
    id: 'newcomer',
    kind: 'trait',
    en: [
      'international student', 'exchange student', 'new to campus', 'new in town', 'new to the city', 'new to vancouver',
      'newcomer', 'just moved', 'first year', 'freshman', 'frosh', 'transfer student', 'homesick', 'new here', 'exchange',
    ],
    zh: ['留学生', '交换生', '新生', '刚来', '刚到', '大一', '新来的', '初来乍到', '人生地不熟', '交换'],
    related: { socializing: 0.4, friendship: 0.3, languages: 0.2, culture: 0.2 },
  },
  {
    id: 'socializing',
    kind: 'goal',
    en: [
      'meet new people', 'meet people', 'socialize', 'socialise', 'socializing', 'social', 'meetup', 'meet up', 'event',
      'community', 'group activity', 'club', 'gathering', 'get together', 'social circle', 'friend group', 'expand my circle',
    ],
    zh: ['交友', '认识新朋友', '社交', '聚会', '活动', '社团', '圈子', '扩列', '聚餐', '结识'],
    related: { friendship: 0.4, extrovert: 0.3, nightlife: 0.2 },
  },
  {
    id: 'friendship',
    kind: 'goal',
    en: ['friend', 'friendship', 'bestie', 'best friend', 'bff', 'pal', 'platonic', 'make friend', 'new friend', 'close friend', 'mate', 'bestfriend'],
    zh: ['朋友', '交朋友', '好友', '友谊', '闺蜜', '兄弟', '好朋友', '知己', '姐妹', '死党'],
    related: { socializing: 0.4, activity_partner: 0.3, dating: 0.1 },
  },
  {
    id: 'activity_partner',
    kind: 'goal',
    en: ['partner', 'buddy', 'companion', 'teammate', 'duo', 'accompany', 'join me', 'someone to join', 'crew', 'squad', 'wingman', 'sidekick'],
    zh: ['搭子', '伙伴', '队友', '一起玩', '陪我', '结伴', '组队', '约伴'],
    related: { friendship: 0.3 },
  },
  {
    id: 'dating',
    kind: 'goal',
    en: [
      'date', 'dating', 'relationship', 'romance', 'romantic', 'girlfriend', 'boyfriend', 'significant other', 'crush',
      'long term relationship', 'ltr', 'soulmate', 'serious relationship', 'life partner', 'casual dating', 'single',
      'love life', 'fall in love', 'settle down', 'spark',
    ],
    zh: ['恋爱', '谈恋爱', '约会', '对象', '女朋友', '男朋友', '女友', '男友', '脱单', '找对象', '伴侣', '另一半', '单身', '恋人', '心动'],
    related: { friendship: 0.1 },
  },
  {
    id: 'roommate',
    kind: 'goal',
    en: ['roommate', 'housemate', 'flatmate', 'roomie', 'sublet', 'housing', 'apartment', 'lease', 'rent'],
    zh: ['室友', '合租', '租房', '舍友', '找室友'],
    related: { friendship: 0.2 },
  },
];
