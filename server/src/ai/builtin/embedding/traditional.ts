/**
 * Traditional → simplified Chinese folding for the characters the lexicon and the Chinese
 * stopwords use, so that members who write 電影, 爬山 or 羽毛球 in traditional characters
 * (Hong Kong, Taiwan, Macau) match the same concepts as 电影, 爬山 and 羽毛球.
 *
 * Not a general converter: only characters whose traditional form differs and that matter for
 * matching are listed. Folding is character by character, which is safe for this set because
 * each listed traditional character has a single simplified form (several may share one:
 * 復 and 複 both become 复), and no simplified character is itself folded again
 * (tokenize.test.ts checks both, and that the lexicon holds no traditional character).
 */

/** Pairs of characters: traditional, then simplified. */
const PAIRS: string = [
  '業业東东臨临樂乐習习書书買买會会傳传倫伦體体侶侣傾倾養养關关興兴內内衝冲減减擊击剛刚創创劍剑劇剧辦办動动醫医單单臥卧廳厅歷历曆历廚厨雙双變变聽听員员嘮唠團团園园',
  '圍围國国圖图聖圣場场備备復复複复妝妆學学實实寵宠對对壽寿將将爾尔嘗尝乾干幹干廟庙開开彎弯彈弹錄录戀恋態态戲戏戶户撲扑擴扩掃扫護护換换據据攝摄搖摇擼撸數数時时術术',
  '機机殺杀構构極极槳桨氣气潑泼濟济潛潜灘滩滾滚煉炼燒烧熱热愛爱貓猫環环現现電电畫画暢畅癆痨監监盤盘碼码禮礼種种積积窮穷競竞築筑籃篮類类粵粤係系繫系紀纪紙纸線线練练',
  '組组織织經经結结繪绘統统繡绣續续綜综綠绿編编網网職职聯联膚肤膠胶脫脱藝艺節节榮荣藥药營营觀观視视覽览計计認认訓训記记論论設设識识試试詩诗誠诚話话詢询語语說说讀读',
  '課课談谈誼谊譜谱財财貨货貼贴費费資资車车輪轮輕轻輯辑辯辩邊边運运進进遠远遺遗裡里裏里針针釣钓鋼钢鉤钩鐵铁鏟铲銷销鍋锅鍛锻長长閨闺聞闻閱阅隊队際际隨随險险靜静韓韩',
  '預预頻频題题風风飛飞飪饪飯饭飲饮餅饼館馆駕驾驗验騎骑魚鱼鮮鲜鳥鸟龍龙義义個个們们這这嗎吗麼么還还為为過过來来與与於于沒没歡欢遊游麵面臺台週周鬆松約约溫温夥伙腳脚',
  '舉举寫写購购點点覺觉讓让給给樣样該该應应發发喚唤綫线鬧闹夢梦歲岁齊齐陽阳陰阴雲云爭争兒儿親亲擔担歐欧亞亚',
].join('');

function buildFolds(pairs: string): ReadonlyMap<string, string> {
  const chars = Array.from(pairs);
  const folds = new Map<string, string>();
  for (let i = 0; i + 1 < chars.length; i += 2) {
    const [traditional, simplified] = chars.slice(i, i + 2);
    if (traditional !== undefined && simplified !== undefined) folds.set(traditional, simplified);
  }
  return folds;
}

export const TRADITIONAL_TO_SIMPLIFIED: ReadonlyMap<string, string> = buildFolds(PAIRS);

const FOLDABLE = new RegExp(`[${Array.from(TRADITIONAL_TO_SIMPLIFIED.keys()).join('')}]`, 'gu');

/** Simplified form of the traditional characters in `text`; everything else is unchanged. */
export function foldTraditional(text: string): string {
  return text.replace(FOLDABLE, (ch) => TRADITIONAL_TO_SIMPLIFIED.get(ch) ?? ch);
}
